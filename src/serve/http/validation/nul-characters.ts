import type { ValidationError } from '../../../../schemas/api/errors.ts';
import type { RequestPart } from './fastapi-detail.ts';

/**
 * PostgreSQL text cannot hold U+0000, so a NUL in any string of a request is refused here
 * with a 422, rather than failing in the database.
 */
export function nulCharacterErrors(part: RequestPart, data: unknown, path: Array<string | number> = []): ValidationError[] {
  if (typeof data === 'string') {
    return data.includes('\u0000')
      ? [
          {
            type: 'string_pattern_mismatch',
            loc: [part, ...path],
            msg: 'String should not contain NUL (U+0000) characters',
            input: data,
            ctx: { pattern: '^[^\\x00]*$' },
          },
        ]
      : [];
  }
  if (Array.isArray(data)) return data.flatMap((item, i) => nulCharacterErrors(part, item, [...path, i]));
  if (data !== null && typeof data === 'object') {
    return Object.entries(data).flatMap(([key, value]) => nulCharacterErrors(part, value, [...path, key]));
  }
  return [];
}
