import type { ValidationError } from '#schemas/api';
import type { RequestPart } from './fastapi-detail.ts';

/** An array or object being walked: where the walk is in it, and how it was reached. */
interface Frame {
  readonly value: object;
  /** The object's keys, in order; undefined for an array (its keys are the indexes). */
  readonly keys: readonly string[] | undefined;
  readonly length: number;
  next: number;
  /** The key of this container in its parent; a parent link, so no path is ever copied. */
  readonly key: string | number | undefined;
  readonly parent: Frame | undefined;
}

function frame(value: object, key: Frame['key'], parent: Frame | undefined): Frame {
  if (Array.isArray(value)) return { value, keys: undefined, length: value.length, next: 0, key, parent };
  const keys = Object.keys(value);
  return { value, keys, length: keys.length, next: 0, key, parent };
}

function pathTo(frame: Frame, last: string | number): Array<string | number> {
  const path = [last];
  for (let at: Frame | undefined = frame; at?.key !== undefined; at = at.parent) path.push(at.key);
  return path.reverse();
}

const nulError = (part: RequestPart, path: Array<string | number>, input: string): ValidationError => ({
  type: 'string_pattern_mismatch',
  loc: [part, ...path],
  msg: 'String should not contain NUL (U+0000) characters',
  input,
  ctx: { pattern: '^[^\\x00]*$' },
});

/**
 * PostgreSQL text cannot hold U+0000, so a NUL in any string of a request is refused here
 * with a 422, rather than failing in the database. The walk is iterative (a stack of
 * frames, not recursion), visits each value once in document order, and stops at `limit`
 * errors: its work is bounded by the body size whatever the nesting, its answer by `limit`.
 */
export function nulCharacterErrors(part: RequestPart, data: unknown, limit: number): ValidationError[] {
  if (typeof data === 'string') return data.includes('\u0000') ? [nulError(part, [], data)] : [];
  if (data === null || typeof data !== 'object') return [];
  const errors: ValidationError[] = [];
  const stack = [frame(data, undefined, undefined)];
  while (errors.length < limit) {
    const top = stack.at(-1);
    if (top === undefined) break;
    if (top.next >= top.length) {
      stack.pop();
      continue;
    }
    const index = top.next++;
    const key = top.keys ? (top.keys[index] ?? '') : index;
    const value = (top.value as Record<string | number, unknown>)[key];
    if (typeof value === 'string') {
      if (value.includes('\u0000')) errors.push(nulError(part, pathTo(top, key), value));
    } else if (value !== null && typeof value === 'object') {
      stack.push(frame(value, key, top));
    }
  }
  return errors;
}
