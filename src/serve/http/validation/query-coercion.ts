import type { z } from 'zod';
import type { ValidationError } from '#schemas/api';
import { normaliseDateTime } from '#schemas/common';

type Kind = 'int' | 'number' | 'boolean' | 'datetime' | 'other';

/** The type a query field finally checks, under optional/default/nullable wrappers. */
export function fieldKind(schema: z.ZodType): Kind {
  let current: z.core.$ZodType = schema;
  for (;;) {
    const def = current._zod.def as { type: string; innerType?: z.core.$ZodType; format?: string };
    if ((def.type === 'optional' || def.type === 'default' || def.type === 'nullable') && def.innerType) {
      current = def.innerType;
      continue;
    }
    if (def.type === 'number') return (current as z.ZodNumber).format === 'safeint' ? 'int' : 'number';
    if (def.type === 'boolean') return 'boolean';
    if (def.type === 'string' && def.format === 'datetime') return 'datetime';
    return 'other';
  }
}

/** The spellings of a boolean query value pydantic reads, in any case and with spaces around (docs/api.md). */
export const TRUE_TEXTS = ['true', '1', 'yes', 'on', 't', 'y'] as const;
export const FALSE_TEXTS = ['false', '0', 'no', 'off', 'f', 'n'] as const;
const TRUE = new Set<string>(TRUE_TEXTS);
const FALSE = new Set<string>(FALSE_TEXTS);

/** How a query field reads its text (undefined when it cannot), and pydantic's error when it cannot. */
interface TextParser {
  read(text: string): number | boolean | undefined;
  readonly type: string;
  readonly msg: string;
}

/** The parsers of the kinds a query string's text is turned into. */
const PARSERS: Record<'int' | 'number' | 'boolean', TextParser> = {
  int: {
    read: (text) => (/^\s*[+-]?\d+\s*$/.test(text) ? Number(text) : undefined),
    type: 'int_parsing',
    msg: 'Input should be a valid integer, unable to parse string as an integer',
  },
  number: {
    read: (text) => (/^\s*[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?\s*$/.test(text) ? Number(text) : undefined),
    type: 'float_parsing',
    msg: 'Input should be a valid number, unable to parse string as a number',
  },
  boolean: {
    read: (text) => {
      const lower = text.trim().toLowerCase();
      return TRUE.has(lower) ? true : FALSE.has(lower) ? false : undefined;
    },
    type: 'bool_parsing',
    msg: 'Input should be a valid boolean, unable to interpret input',
  },
};

export interface CoercedQuery {
  readonly values: Record<string, unknown>;
  readonly errors: ValidationError[];
}

/**
 * Query strings carry text; turn each field into the type its schema checks, as FastAPI
 * does, so the schema (and the OpenAPI document made from it) says `integer`, `boolean`
 * or `date-time`. A repeated parameter counts by its last value.
 */
export function coerceQuery(shape: Record<string, z.ZodType>, query: Record<string, unknown>): CoercedQuery {
  // No prototype: on a plain object, `values.__proto__ = text` would set nothing, and a
  // parameter named __proto__ would vanish instead of being refused as unknown.
  const values = Object.create(null) as Record<string, unknown>;
  const errors: ValidationError[] = [];
  for (const [key, raw] of Object.entries(query)) {
    const text = Array.isArray(raw) ? (raw.at(-1) as unknown) : raw;
    // Own fields only: a parameter named toString or constructor is unknown, not Object's.
    const field = Object.hasOwn(shape, key) ? shape[key] : undefined;
    if (field === undefined || typeof text !== 'string') {
      values[key] = text;
      continue;
    }
    const kind = fieldKind(field);
    if (kind === 'datetime') values[key] = normaliseDateTime(text);
    else if (kind === 'other') values[key] = text;
    else {
      const parser = PARSERS[kind];
      const value = parser.read(text);
      if (value === undefined) errors.push({ type: parser.type, loc: ['query', key], msg: parser.msg, input: text });
      else values[key] = value;
    }
  }
  return { values, errors };
}
