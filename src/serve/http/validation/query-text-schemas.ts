import { z } from 'zod';
import { FALSE_TEXTS, TRUE_TEXTS } from './query-coercion.ts';

/**
 * What the OpenAPI document says a query parameter's text may be, where the JSON type the
 * zod schema checks (after query-coercion.ts has read the text) would say less or more than
 * the server takes: a datetime parameter takes a date alone or a datetime without an offset,
 * which `format: date-time` refuses, and a boolean takes `1`, `yes`, `on` ... in any case,
 * which `type: boolean` does not say. The patterns are the coercion's rules written out;
 * query-text-schemas.unit.spec.ts holds them to what the server accepts.
 */

/** zod's calendar date (leap years included), unanchored; year 0 excluded, as the service has none. */
const DATE = `(?!0000)${z.core.regexes.date.source.slice(1, -1)}`;
const HOURS_MINUTES = '(?:[01]\\d|2[0-3]):[0-5]\\d';
const SECONDS = ':[0-5]\\d(?:\\.\\d+)?';
const OFFSET = `(?:[Zz]|[+-]${HOURS_MINUTES})`;
/** A time without an offset may stop at the minute; one with an offset names its seconds (RFC 3339). */
const TIME = `(?:${HOURS_MINUTES}(?:${SECONDS})?|${HOURS_MINUTES}${SECONDS}${OFFSET})`;

export const QUERY_DATETIME_PATTERN = `^\\s*${DATE}(?:[Tt _]${TIME})?\\s*$`;
export const QUERY_DATE_PATTERN = `^${DATE}$`;

/** Each letter in either case: JSON Schema patterns have no case-insensitive flag. */
const anyCase = (text: string) => [...text].map((c) => (/[a-z]/.test(c) ? `[${c}${c.toUpperCase()}]` : c)).join('');
export const QUERY_BOOLEAN_PATTERN = `^\\s*(?:${[...TRUE_TEXTS, ...FALSE_TEXTS].map(anyCase).join('|')})\\s*$`;

type JsonSchema = Record<string, unknown>;

const datetimeText = (schema: JsonSchema): JsonSchema => ({
  ...(schema.description === undefined ? {} : { description: schema.description }),
  type: 'string',
  pattern: QUERY_DATETIME_PATTERN,
  examples: ['2025-01-29', '2025-01-29T18:00:00+05:30', '2025-01-29T12:30:00Z', '2025-01-29T12:30'],
});

const dateText = (schema: JsonSchema): JsonSchema => ({ ...schema, pattern: QUERY_DATE_PATTERN });

const booleanText = (schema: JsonSchema): JsonSchema => {
  // The type moves into the anyOf: a query's text is either spelling.
  const rest = Object.fromEntries(Object.entries(schema).filter(([keyword]) => keyword !== 'type'));
  return {
    ...rest,
    anyOf: [
      { type: 'boolean' },
      {
        type: 'string',
        pattern: QUERY_BOOLEAN_PATTERN,
        description: `true: ${TRUE_TEXTS.join(', ')}; false: ${FALSE_TEXTS.join(', ')}; in any case`,
      },
    ],
    examples: ['true', 'false', '1', '0'],
  };
};

/** The query's JSON Schema (as made from its zod schema) with each parameter's text described as the server reads it. */
export function queryTextSchema(querystring: JsonSchema): JsonSchema {
  const properties = querystring.properties as Record<string, JsonSchema> | undefined;
  if (!properties) return querystring;
  const described = Object.fromEntries(
    Object.entries(properties).map(([name, schema]) => {
      if (schema.format === 'date-time') return [name, datetimeText(schema)];
      if (schema.format === 'date') return [name, dateText(schema)];
      if (schema.type === 'boolean') return [name, booleanText(schema)];
      return [name, schema];
    }),
  );
  return { ...querystring, properties: described };
}
