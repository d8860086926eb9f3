import { type Fact, FactSchema } from '#schemas/read-models';
import {
  columnsOfSchema,
  type DecimalColumnType,
  type ParquetColumn,
  type TypedColumn,
  type ParquetChunkOptions,
  parquetChunks,
} from '#platform/parquet';
import { FACT_CSV_COLUMNS } from './fact-csv.ts';

const KINDS = new Map(columnsOfSchema<Fact>(FactSchema).map((column) => [column.name, column.kind]));

/**
 * The Parquet columns of a fact: the CSV export's columns (`FACT_CSV_COLUMNS`), same names,
 * same order, read the same way, each typed by its schema: `period.start` and `period.end`
 * DATE, `known_at` and `recorded_at` TIMESTAMP (UTC, milliseconds), integers INT64, `value`
 * an exact DECIMAL (or text, `factParquetColumns`), the rest text.
 */
export const FACT_PARQUET_COLUMNS: readonly ParquetColumn<Fact>[] = FACT_CSV_COLUMNS.map((column) => {
  const kind = KINDS.get(column.name);
  if (kind === undefined) throw new Error(`the fact schema has no leaf ${column.name}`);
  return { name: column.name, kind, read: column.read };
});

/**
 * The fact columns with `value` as `value` says (`factValueType` decides it for a set of
 * facts); any other decimal column, should the fact gain one, is written as its exact text.
 */
export const factParquetColumns = (value: DecimalColumnType): TypedColumn<Fact>[] =>
  FACT_PARQUET_COLUMNS.map((column) =>
    column.kind === 'decimal' ? { ...column, decimal: column.name === 'value' ? value : ('text' as const) } : column,
  );

/**
 * Facts as a Parquet file, streamed: the bytes of each row group as soon as it is full, the
 * footer last (`parquetChunks`). `pages` are read one at a time as the consumer takes the
 * bytes, so an export, or a cross-section of one concept over every company, holds one row
 * group however many facts it sends. `value` must hold every value of the facts
 * (`factValueType` over a scope that contains them); a value that does not fit throws.
 */
export function factParquet(
  pages: AsyncIterable<readonly Fact[]>,
  value: DecimalColumnType,
  options: ParquetChunkOptions = {},
): AsyncGenerator<Uint8Array, void, undefined> {
  return parquetChunks(factParquetColumns(value), pages, options);
}
