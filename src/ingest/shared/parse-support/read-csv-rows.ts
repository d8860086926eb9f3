import type { Problem } from '../parser.ts';
import { type ColumnIndex, type ColumnSpec, indexColumns, missingColumnsReason } from './column-index.ts';
import { type CsvRecord, readCsvTable } from './read-csv-table.ts';
import type { RowResult } from './row-result.ts';

export type CsvRows<R> =
  | { readonly ok: true; readonly rows: readonly R[]; readonly count: number; readonly problems: readonly Problem[] }
  | { readonly ok: false; readonly reason: string; readonly problems: readonly Problem[] };

/**
 * Reads a CSV file of one format into rows: the header must hold the format's columns (by
 * name, in any order), and each record is read by `readerFor(index, header)`; unreadable
 * records and rows are problems. `count` is the number of data records.
 */
export function readCsvRows<K extends string, R>(
  bytes: Uint8Array,
  format: string,
  spec: ColumnSpec<K>,
  readerFor: (index: ColumnIndex<K>, header: readonly string[]) => (record: CsvRecord) => RowResult<R>,
): CsvRows<R> {
  const table = readCsvTable(bytes);
  if ('error' in table) return { ok: false, reason: table.error, problems: [] };
  const columns = indexColumns(table.header, spec);
  if (!columns.ok) return { ok: false, reason: missingColumnsReason(format, spec, columns.missing), problems: [] };
  const read = readerFor(columns.index, table.header);
  const problems: Problem[] = [...table.problems];
  const rows: R[] = [];
  for (const record of table.records) {
    const result = read(record);
    if (result.ok) rows.push(result.row);
    else problems.push(result.problem);
  }
  return { ok: true, rows, count: table.records.length, problems };
}
