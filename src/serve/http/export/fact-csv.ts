import { z } from 'zod';
import { type Fact, FactSchema } from '#schemas/read-models';

type Cell = string | number | boolean | null;

/** A column: its name, the path of a leaf of the fact object joined with dots, and how to read it. */
interface Column {
  readonly name: string;
  readonly read: (fact: Fact) => Cell;
}

/** The leaves of an object schema, depth first in the schema's order, as paths. */
function leafPaths(schema: z.ZodType, prefix: readonly string[] = []): string[][] {
  if (!(schema instanceof z.ZodObject)) return [[...prefix]];
  return Object.entries(schema.shape as Record<string, z.ZodType>).flatMap(([key, field]) => leafPaths(field, [...prefix, key]));
}

function column(path: readonly string[]): Column {
  const [first = '', second] = path;
  const read =
    second === undefined
      ? (fact: Fact) => (fact as unknown as Record<string, Cell>)[first] ?? null
      : (fact: Fact) => (fact as unknown as Record<string, Record<string, Cell>>)[first]?.[second] ?? null;
  return { name: path.join('.'), read };
}

/** The CSV columns of a fact: every field of the NDJSON object, nested ones named by their path (`company.id`, `period.end`). */
export const FACT_CSV_COLUMNS: readonly Column[] = leafPaths(FactSchema).map(column);

const NEEDS_QUOTES = /[",\r\n]/;

/**
 * One CSV field as RFC 4180 writes it: quoted, with quotes doubled, when it holds a comma,
 * quote or line break. Null is an empty field and the empty string a quoted one (`""`), as
 * PostgreSQL's COPY writes them, so the two stay apart. Text is never altered (no guarding of
 * a leading `=` or `-`): values are data, and a negative amount starts with `-`.
 */
export function csvField(value: Cell): string {
  if (value === null) return '';
  const text = String(value);
  if (text === '') return '""';
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

const CRLF = '\r\n';

export const FACT_CSV_HEADER = FACT_CSV_COLUMNS.map((c) => csvField(c.name)).join(',') + CRLF;

/** The CSV rows of `facts`, each ended by CRLF. */
export function factCsvRows(facts: readonly Fact[]): string {
  let text = '';
  for (const fact of facts) text += FACT_CSV_COLUMNS.map((c) => csvField(c.read(fact))).join(',') + CRLF;
  return text;
}
