import { z } from 'zod';
import { DecimalStringSchema } from '#schemas/common';
import type { ParquetColumn, ParquetKind } from './parquet-column.ts';

const DECIMAL_PATTERN = String((DecimalStringSchema.def.checks?.[0]?._zod.def as { pattern?: RegExp } | undefined)?.pattern);

interface Check {
  readonly format?: string;
  readonly pattern?: RegExp;
}

const checksOf = (schema: z.ZodType): Check[] =>
  (schema.def as { checks?: { _zod: { def: Check } }[] }).checks?.map((c) => c._zod.def) ?? [];

/** The schema under nullable, optional, default and readonly wrappers. */
function unwrapped(schema: z.ZodType): z.ZodType {
  let inner = schema;
  while (
    inner instanceof z.ZodNullable ||
    inner instanceof z.ZodOptional ||
    inner instanceof z.ZodDefault ||
    inner instanceof z.ZodReadonly
  ) {
    inner = inner.unwrap() as z.ZodType;
  }
  return inner;
}

/** What a leaf schema holds, as a Parquet kind; a float (a number that is not an integer) is refused. */
function kindOf(schema: z.ZodType, path: string): ParquetKind {
  const leaf = unwrapped(schema);
  const format = (leaf as { format?: string | null }).format;
  switch (leaf.def.type) {
    case 'string':
      if (format === 'date') return 'date';
      if (format === 'datetime') return 'timestamp';
      return checksOf(leaf).some((c) => c.format === 'regex' && String(c.pattern) === DECIMAL_PATTERN) ? 'decimal' : 'text';
    case 'enum':
    case 'literal':
      return 'text';
    case 'boolean':
      return 'boolean';
    case 'number':
      if (format === 'safeint' || format === 'int32' || format === 'uint32') return 'integer';
      throw new Error(`${path}: a number that is not an integer would be a float; state it as a decimal string`);
    case 'array':
    case 'record':
      return 'json';
    default:
      throw new Error(`${path}: no Parquet column for a ${leaf.def.type}`);
  }
}

function read(path: readonly string[]): (row: unknown) => unknown {
  return (row) => {
    let value: unknown = row;
    for (const key of path) value = value === null || value === undefined ? undefined : (value as Record<string, unknown>)[key];
    return value;
  };
}

/**
 * The columns of an object schema's rows: every leaf, depth first in the schema's order,
 * nested objects named by their path (`company.id`, `period.end`, as the CSV export names
 * them); arrays and records as one JSON column. Each leaf's kind follows its schema: ISO
 * dates and instants become DATE and TIMESTAMP, decimal strings (`DecimalStringSchema`)
 * decimals, integers INT64, enums and other strings text.
 */
export function columnsOfSchema<R>(schema: z.ZodType, prefix: readonly string[] = []): ParquetColumn<R>[] {
  const inner = unwrapped(schema);
  if (!(inner instanceof z.ZodObject)) {
    const name = prefix.join('.');
    return [{ name, kind: kindOf(schema, name), read: read(prefix) }];
  }
  return Object.entries(inner.shape as Record<string, z.ZodType>).flatMap(([key, field]) => columnsOfSchema<R>(field, [...prefix, key]));
}
