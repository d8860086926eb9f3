import type { Problem } from '#ingest/shared/parser';
import { type ColumnIndex, type ColumnSpec, indexColumns, indexOptionalColumns, missingColumnsReason } from './column-index.ts';
import { type CsvRow, csvRow } from './csv-row.ts';
import { readCsvTable } from './read-csv-table.ts';
import { readRows } from './read-rows.ts';
import type { RowResult } from './row-result.ts';

export type CsvRows<R> =
  | { readonly ok: true; readonly rows: readonly R[]; readonly count: number; readonly problems: readonly Problem[] }
  | { readonly ok: false; readonly reason: string; readonly problems: readonly Problem[] };

/** The columns of a CSV format: those it requires, and those it reads when a layout has them. */
export interface CsvColumns<K extends string, O extends string = never> {
  readonly columns: ColumnSpec<K>;
  readonly optionalColumns?: ColumnSpec<O>;
}

/**
 * Reads a CSV file of one format into rows: the header must hold the format's columns (by
 * name, in any order), and each record is read by `read`; unreadable records and rows are
 * problems. `count` is the number of data records.
 */
export function readCsvRows<K extends string, O extends string, R>(
  bytes: Uint8Array,
  format: string,
  spec: CsvColumns<K, O>,
  read: (row: CsvRow<K, O>) => RowResult<R>,
): CsvRows<R> {
  const table = readCsvTable(bytes);
  if ('error' in table) return { ok: false, reason: table.error, problems: [] };
  const columns = indexColumns(table.header, spec.columns);
  if (!columns.ok) return { ok: false, reason: missingColumnsReason(format, spec.columns, columns.missing), problems: [] };
  const optional: Partial<ColumnIndex<O>> = spec.optionalColumns ? indexOptionalColumns(table.header, spec.optionalColumns) : {};
  const { rows, problems } = readRows(table.records, (record) => read(csvRow(record, columns.index, optional)));
  return { ok: true, rows, count: table.records.length, problems: [...table.problems, ...problems] };
}
