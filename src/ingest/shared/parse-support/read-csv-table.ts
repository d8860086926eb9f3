import { parse } from 'csv-parse/sync';
import type { Problem } from '#ingest/shared/parser';
import { decodeText } from '#ingest/shared/text-encoding';

/** One CSV record with the line it starts on (the header is line 1); cells as read, untrimmed. */
export interface CsvRecord {
  readonly line: number;
  readonly cells: readonly string[];
}

export interface CsvTable {
  readonly header: readonly string[];
  readonly records: readonly CsvRecord[];
  /** Records csv-parse could not read (an unclosed quote, say), each naming its line. */
  readonly problems: readonly Problem[];
}

// Formats import the one decoding from here with the CSV reader that uses it.
export { decodeText } from '#ingest/shared/text-encoding';

interface ParsedRecord {
  readonly record: string[];
  readonly info: { readonly lines: number };
}

/**
 * Reads a CSV document into its header and records. Exchange CSVs are ragged (BSE adds a
 * trailing comma to every data row, so rows have one cell more than the header) and carry
 * stray quotes, so column counts and quotes are relaxed; a record that still cannot be read
 * becomes a problem instead of failing the file. Returns a reason when there is no header.
 */
export function readCsvTable(bytes: Uint8Array): CsvTable | { readonly error: string } {
  const problems: Problem[] = [];
  let parsed: ParsedRecord[];
  try {
    parsed = parse(decodeText(bytes), {
      info: true,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      skip_records_with_error: true,
      on_skip: (error) => {
        const lines: unknown = error?.lines;
        const line = typeof lines === 'number' ? `line ${lines}` : 'a record';
        problems.push({ where: line, message: `unreadable CSV record: ${error?.message ?? 'unknown error'}` });
        return undefined;
      },
    }) as unknown as ParsedRecord[];
  } catch (error) {
    // csv-parse throws only for options or input it cannot start on; report, never rethrow.
    return { error: `not a readable CSV file: ${error instanceof Error ? error.message : String(error)}` };
  }
  const [first, ...rest] = parsed;
  if (!first) return { error: 'the file is empty: expected a header line and rows' };
  const records = rest.map(({ record, info }) => ({
    // info.lines is where the record ends; a quoted cell may span lines.
    line: info.lines - record.reduce((n, cell) => n + (cell.match(/\n/g)?.length ?? 0), 0),
    cells: record,
  }));
  return { header: first.record, records, problems };
}
