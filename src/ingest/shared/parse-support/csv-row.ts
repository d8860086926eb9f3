import type { ColumnIndex } from './column-index.ts';
import type { CsvRecord } from './read-csv-table.ts';
import { rowProblem } from './row-result.ts';

/** Where a row is, and its failure there. */
export interface RowPlace {
  /** `line 12`, or `line 12 (RELIANCE)` when the row is named. */
  readonly where: string;
  readonly fail: (message: string) => ReturnType<typeof rowProblem>;
}

/**
 * One CSV record as a row reader sees it: its cells by the format's column keys. Every row
 * reader would otherwise start with the same lines (a cell accessor, `where`, `fail`).
 */
export interface CsvRow<K extends string, O extends string = never> {
  readonly line: number;
  readonly cells: readonly string[];
  /** The cell under a required column, trimmed; '' when the record is short. */
  readonly cell: (key: K) => string;
  /** The cell under a required column exactly as published (a purpose keeps its spaces). */
  readonly published: (key: K) => string;
  /** The cell under an optional column, trimmed; null when the file has no such column. */
  readonly optional: (key: O) => string | null;
  /** The row's place, named by `label` (its code or symbol) when there is one. */
  readonly at: (label?: string | null) => RowPlace;
}

/** The row reader's view of `record`, its columns found by `index` (and `optional`, when the file has them). */
export function csvRow<K extends string, O extends string = never>(
  record: CsvRecord,
  index: ColumnIndex<K>,
  optional: Partial<ColumnIndex<O>> = {},
): CsvRow<K, O> {
  return {
    line: record.line,
    cells: record.cells,
    cell: (key) => (record.cells[index[key]] ?? '').trim(),
    published: (key) => record.cells[index[key]] ?? '',
    optional: (key) => {
      const at = optional[key];
      return at === undefined ? null : (record.cells[at] ?? '').trim();
    },
    at: (label) => {
      const where = `line ${record.line}${label ? ` (${label})` : ''}`;
      return { where, fail: (message) => rowProblem(where, message) };
    },
  };
}
