import type { Problem } from '#ingest/shared/parser';
import { type CsvRecord, csvRecordBatches } from './read-csv-records.ts';

export type { CsvRecord } from './read-csv-records.ts';

export interface CsvTable {
  readonly header: readonly string[];
  readonly records: readonly CsvRecord[];
  /** Records csv-parse could not read (an unclosed quote, say), each naming its line. */
  readonly problems: readonly Problem[];
}

// Formats import the one decoding from here with the CSV reader that uses it.
export { decodeText } from '#ingest/shared/parser';

/**
 * Reads a CSV document into its header and records, all of them at once (a format whose
 * files can be large reads them in batches instead: read-csv-records.ts). Returns a reason
 * when there is no header or csv-parse cannot read on.
 */
export function readCsvTable(bytes: Uint8Array): CsvTable | { readonly error: string } {
  const read: CsvRecord[] = [];
  const batches = csvRecordBatches(bytes);
  let next = batches.next();
  for (; !next.done; next = batches.next()) for (const record of next.value) read.push(record);
  if (next.value.error !== undefined) return { error: next.value.error };
  const [first, ...records] = read;
  if (!first) return { error: 'the file is empty: expected a header line and rows' };
  return { header: first.cells, records, problems: next.value.problems };
}
