import type { SchemaElement } from 'hyparquet-writer';
import { type DecimalColumnType, MAX_DECIMAL_PRECISION, unscaledAt } from './decimal-type.ts';

/**
 * What a column holds, and so its Parquet type: text (UTF8), integer (INT64), boolean, date
 * (DATE, from YYYY-MM-DD), timestamp (TIMESTAMP, UTC, milliseconds, from an ISO instant),
 * decimal (an exact decimal string, written as DECIMAL or text: `DecimalColumnType`) or json
 * (any value, as JSON text). Never a float.
 */
export type ParquetKind = 'text' | 'integer' | 'boolean' | 'date' | 'timestamp' | 'decimal' | 'json';

/** A column of rows `R`: its name, what it holds, and how to read it from a row (null or undefined for null). */
export interface ParquetColumn<R> {
  readonly name: string;
  readonly kind: ParquetKind;
  readonly read: (row: R) => unknown;
}

/** A column with its decimal type decided (the only kind whose Parquet type depends on the values). */
export interface TypedColumn<R> extends ParquetColumn<R> {
  readonly decimal?: DecimalColumnType;
}

const DAY_MS = 86_400_000;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Bytes of a two's-complement integer that holds every unscaled value of `precision` digits. */
function bytesFor(precision: number): number {
  let bytes = 1;
  while (2n ** BigInt(8 * bytes - 1) <= 10n ** BigInt(precision)) bytes += 1;
  return bytes;
}

function decimalElement(name: string, type: { precision: number; scale: number }): SchemaElement {
  const { precision, scale } = type;
  const physical: Pick<SchemaElement, 'type' | 'type_length'> =
    precision <= 9
      ? { type: 'INT32' }
      : precision <= 18
        ? { type: 'INT64' }
        : { type: 'FIXED_LEN_BYTE_ARRAY', type_length: bytesFor(precision) };
  return {
    name,
    ...physical,
    repetition_type: 'OPTIONAL',
    converted_type: 'DECIMAL',
    precision,
    scale,
    logical_type: { type: 'DECIMAL', precision, scale },
  };
}

const TEXT = (name: string): SchemaElement => ({
  name,
  type: 'BYTE_ARRAY',
  repetition_type: 'OPTIONAL',
  converted_type: 'UTF8',
  logical_type: { type: 'STRING' },
});

/** The Parquet schema element of a column: every column is OPTIONAL (null is a value of each). */
export function schemaElementOf(column: TypedColumn<never>): SchemaElement {
  const { name } = column;
  switch (column.kind) {
    case 'text':
      return TEXT(name);
    case 'integer':
      return { name, type: 'INT64', repetition_type: 'OPTIONAL' };
    case 'boolean':
      return { name, type: 'BOOLEAN', repetition_type: 'OPTIONAL' };
    case 'date':
      return { name, type: 'INT32', repetition_type: 'OPTIONAL', converted_type: 'DATE', logical_type: { type: 'DATE' } };
    case 'timestamp':
      return {
        name,
        type: 'INT64',
        repetition_type: 'OPTIONAL',
        converted_type: 'TIMESTAMP_MILLIS',
        logical_type: { type: 'TIMESTAMP', isAdjustedToUTC: true, unit: 'MILLIS' },
      };
    case 'json':
      return { name, type: 'BYTE_ARRAY', repetition_type: 'OPTIONAL', converted_type: 'JSON', logical_type: { type: 'JSON' } };
    case 'decimal': {
      const decimal = column.decimal;
      if (decimal === undefined) throw new Error(`the decimal column ${name} has no type decided`);
      if (decimal !== 'text' && decimal.precision > MAX_DECIMAL_PRECISION) throw new Error(`DECIMAL(${decimal.precision}) is too wide`);
      return decimal === 'text' ? TEXT(name) : decimalElement(name, decimal);
    }
  }
}

function expected(column: { name: string }, what: string, value: unknown): Error {
  return new Error(`column ${column.name}: expected ${what}, got ${JSON.stringify(value)}`);
}

/**
 * The value the writer takes for one cell: a bigint for integers, timestamps and DECIMALs
 * (never a float), days since 1970 for dates, the text for text and for decimals past 38
 * digits, the value itself for JSON. A value of the wrong shape throws: nothing is coerced
 * silently.
 */
export function cellOf(column: TypedColumn<never>, value: unknown): unknown {
  if (value === null || value === undefined) return null;
  switch (column.kind) {
    case 'text':
      if (typeof value !== 'string') throw expected(column, 'text', value);
      return value;
    case 'integer':
      if (typeof value !== 'number' || !Number.isSafeInteger(value)) throw expected(column, 'an integer', value);
      return BigInt(value);
    case 'boolean':
      if (typeof value !== 'boolean') throw expected(column, 'a boolean', value);
      return value;
    case 'date': {
      const ms = typeof value === 'string' && ISO_DATE.test(value) ? Date.parse(`${value}T00:00:00Z`) : Number.NaN;
      if (Number.isNaN(ms)) throw expected(column, 'a date (YYYY-MM-DD)', value);
      return ms / DAY_MS;
    }
    case 'timestamp': {
      const ms = typeof value === 'string' ? Date.parse(value) : Number.NaN;
      if (Number.isNaN(ms)) throw expected(column, 'an ISO instant', value);
      return BigInt(ms);
    }
    case 'json':
      return value;
    case 'decimal':
      if (typeof value !== 'string') throw expected(column, 'a decimal string', value);
      return column.decimal === undefined || column.decimal === 'text' ? value : unscaledAt(value, column.decimal.scale);
  }
}

const TYPE_NAMES: Record<Exclude<ParquetKind, 'decimal'>, string> = {
  text: 'TEXT',
  integer: 'INT64',
  boolean: 'BOOLEAN',
  date: 'DATE',
  timestamp: 'TIMESTAMP(UTC,ms)',
  json: 'JSON',
};

/** A column's Parquet type in words, for a manifest: `DECIMAL(14,2)`, `TEXT`, `TIMESTAMP(UTC,ms)`. */
export function typeNameOf(column: TypedColumn<never>): string {
  if (column.kind !== 'decimal') return TYPE_NAMES[column.kind];
  const decimal = column.decimal ?? 'text';
  return decimal === 'text' ? 'TEXT' : `DECIMAL(${decimal.precision},${decimal.scale})`;
}
