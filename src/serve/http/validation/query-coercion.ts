import type { z } from 'zod';
import type { ValidationError } from '../../../../schemas/api/errors.ts';
import { normaliseDateTime } from '../../../../schemas/common/instant.ts';

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

const TRUE = new Set(['true', '1', 'yes', 'on', 't', 'y']);
const FALSE = new Set(['false', '0', 'no', 'off', 'f', 'n']);

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
  const values: Record<string, unknown> = {};
  const errors: ValidationError[] = [];
  for (const [key, raw] of Object.entries(query)) {
    const text = Array.isArray(raw) ? (raw.at(-1) as unknown) : raw;
    const field = shape[key];
    if (field === undefined || typeof text !== 'string') {
      values[key] = text;
      continue;
    }
    const kind = fieldKind(field);
    if (kind === 'int') {
      if (/^\s*[+-]?\d+\s*$/.test(text)) values[key] = Number(text);
      else
        errors.push({
          type: 'int_parsing',
          loc: ['query', key],
          msg: 'Input should be a valid integer, unable to parse string as an integer',
          input: text,
        });
    } else if (kind === 'number') {
      if (/^\s*[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?\s*$/.test(text)) values[key] = Number(text);
      else
        errors.push({
          type: 'float_parsing',
          loc: ['query', key],
          msg: 'Input should be a valid number, unable to parse string as a number',
          input: text,
        });
    } else if (kind === 'boolean') {
      const lower = text.trim().toLowerCase();
      if (TRUE.has(lower)) values[key] = true;
      else if (FALSE.has(lower)) values[key] = false;
      else
        errors.push({
          type: 'bool_parsing',
          loc: ['query', key],
          msg: 'Input should be a valid boolean, unable to interpret input',
          input: text,
        });
    } else if (kind === 'datetime') {
      values[key] = normaliseDateTime(text);
    } else {
      values[key] = text;
    }
  }
  return { values, errors };
}
