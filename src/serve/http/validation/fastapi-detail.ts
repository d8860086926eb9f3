import type { z } from 'zod';
import type { ValidationError } from '#schemas/api';
import { DETAIL_LIMITS } from './bounded-detail.ts';
import { datetimeErrorText } from './datetime-error-text.ts';

export type RequestPart = 'query' | 'body' | 'path' | 'header';

/** A check that names its own FastAPI error, carried in a custom issue's params. */
export interface FastApiIssueParams {
  readonly fastapi: { type: string; msg: string; ctx?: Record<string, unknown> };
}

type Issue = z.core.$ZodIssue;
type Path = readonly PropertyKey[];

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

function valueAt(root: unknown, path: Path): unknown {
  let value = root;
  for (const key of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

/** Pydantic words a choice as `'a', 'b' or 'c'`. */
export function expectedChoices(values: readonly unknown[]): string {
  const quoted = values.map((value) => (typeof value === 'string' ? `'${value}'` : String(value)));
  return quoted.length <= 1 ? (quoted[0] ?? '') : `${quoted.slice(0, -1).join(', ')} or ${quoted.at(-1)}`;
}

const TYPE_ERRORS: Record<string, { type: string; msg: string }> = {
  int: { type: 'int_type', msg: 'Input should be a valid integer' },
  number: { type: 'float_type', msg: 'Input should be a valid number' },
  string: { type: 'string_type', msg: 'Input should be a valid string' },
  boolean: { type: 'bool_type', msg: 'Input should be a valid boolean' },
  array: { type: 'list_type', msg: 'Input should be a valid list' },
  object: { type: 'model_attributes_type', msg: 'Input should be a valid dictionary or object to extract fields from' },
};

function invalidType(issue: Extract<Issue, { code: 'invalid_type' }>, input: unknown) {
  if (issue.expected === 'int' && typeof input === 'number') {
    return { type: 'int_from_float', msg: 'Input should be a valid integer, got a number with a fractional part' };
  }
  return TYPE_ERRORS[issue.expected] ?? { type: `${issue.expected}_type`, msg: `Input should be a valid ${issue.expected}` };
}

/** How pydantic words a bound from below (too_small) and from above (too_big): the two differ only in these words. */
const BOUND_WORDS = {
  too_small: {
    side: 'at least',
    stringType: 'string_too_short',
    listType: 'too_short',
    lengthKey: 'min_length',
    inclusive: { type: 'greater_than_equal', relation: 'greater than or equal to', key: 'ge' },
    exclusive: { type: 'greater_than', relation: 'greater than', key: 'gt' },
  },
  too_big: {
    side: 'at most',
    stringType: 'string_too_long',
    listType: 'too_long',
    lengthKey: 'max_length',
    inclusive: { type: 'less_than_equal', relation: 'less than or equal to', key: 'le' },
    exclusive: { type: 'less_than', relation: 'less than', key: 'lt' },
  },
} as const;

function outOfBounds(issue: Extract<Issue, { code: 'too_small' | 'too_big' }>, input: unknown) {
  const words = BOUND_WORDS[issue.code];
  const bound = Number(issue.code === 'too_small' ? issue.minimum : issue.maximum);
  if (issue.origin === 'string') {
    return {
      type: words.stringType,
      msg: `String should have ${words.side} ${plural(bound, 'character')}`,
      ctx: { [words.lengthKey]: bound },
    };
  }
  if (issue.origin === 'array' || issue.origin === 'set') {
    const actual = Array.isArray(input) ? input.length : 0;
    return {
      type: words.listType,
      msg: `List should have ${words.side} ${plural(bound, 'item')} after validation, not ${actual}`,
      ctx: { field_type: 'List', [words.lengthKey]: bound, actual_length: actual },
    };
  }
  const relation = issue.inclusive ? words.inclusive : words.exclusive;
  return { type: relation.type, msg: `Input should be ${relation.relation} ${bound}`, ctx: { [relation.key]: bound } };
}

function invalidFormat(issue: Extract<Issue, { code: 'invalid_format' }>, input: unknown) {
  const text = typeof input === 'string' ? input : String(input);
  switch (issue.format) {
    case 'datetime': {
      const error = datetimeErrorText(text);
      return { type: 'datetime_from_date_parsing', msg: `Input should be a valid datetime or date, ${error}`, ctx: { error } };
    }
    case 'date': {
      const error = datetimeErrorText(text);
      return { type: 'date_from_datetime_parsing', msg: `Input should be a valid date or datetime, ${error}`, ctx: { error } };
    }
    case 'uuid':
      return { type: 'uuid_parsing', msg: 'Input should be a valid UUID', ctx: { error: 'invalid UUID' } };
    default: {
      const pattern = 'pattern' in issue && issue.pattern ? String(issue.pattern).replace(/^\/|\/[a-z]*$/g, '') : issue.format;
      return { type: 'string_pattern_mismatch', msg: `String should match pattern '${pattern}'`, ctx: { pattern } };
    }
  }
}

/** Pydantic reports each failed branch of a union under the branch's type name. */
const BRANCH_NAMES: Record<string, string> = { number: 'float', int: 'int', string: 'str', boolean: 'bool' };

function branchName(issues: readonly Issue[], input: unknown): string {
  const first = issues[0];
  if (first?.code === 'invalid_type') return BRANCH_NAMES[first.expected] ?? first.expected;
  return typeof input === 'string' ? 'str' : typeof input === 'number' ? 'float' : 'value';
}

type Loc = ValidationError['loc'];
const toLoc = (path: Path): Loc => path.map((key) => (typeof key === 'number' ? key : String(key)));

/** `prefix` is where the issue's value sits in the data; `locPrefix` is how FastAPI names that place. */
function mapIssue(issue: Issue, part: RequestPart, raw: unknown, prefix: Path, locPrefix: Loc): ValidationError[] {
  const path = [...prefix, ...issue.path];
  const loc = [part, ...locPrefix, ...toLoc(issue.path)];
  const input = valueAt(raw, path);
  const error = (e: { type: string; msg: string; ctx?: Record<string, unknown> }, value: unknown = input): ValidationError => ({
    type: e.type,
    loc,
    msg: e.msg,
    input: value,
    ...(e.ctx ? { ctx: e.ctx } : {}),
  });
  // FastAPI echoes the enclosing object for a missing body field, and null elsewhere.
  const missing = () => {
    const parent = part === 'body' && path.length > 0 ? (valueAt(raw, path.slice(0, -1)) ?? null) : null;
    return [error({ type: 'missing', msg: 'Field required' }, parent)];
  };
  switch (issue.code) {
    case 'invalid_type':
      // Fastify passes null for a request without a body; FastAPI calls that a missing body.
      if (input === undefined || (part === 'body' && path.length === 0 && input === null)) return missing();
      return [error(invalidType(issue, input))];
    case 'too_small':
    case 'too_big':
      return [error(outOfBounds(issue, input))];
    case 'invalid_value':
      // zod reports an absent enum or literal field as a wrong value; pydantic, as missing.
      if (input === undefined) return missing();
      return [
        error({
          type: 'literal_error',
          msg: `Input should be ${expectedChoices(issue.values)}`,
          ctx: { expected: expectedChoices(issue.values) },
        }),
      ];
    case 'invalid_format':
      return [error(invalidFormat(issue, input))];
    case 'unrecognized_keys':
      // One issue names every unknown key; a 422 reports only the first few (DETAIL_LIMITS).
      return issue.keys.slice(0, DETAIL_LIMITS.errors).map((key) => ({
        type: 'extra_forbidden',
        loc: [...loc, key],
        msg: 'Extra inputs are not permitted',
        input: valueAt(raw, [...path, key]),
      }));
    case 'invalid_union':
      return issue.errors.flatMap((branch) =>
        branch.flatMap((inner) => mapIssue(inner, part, raw, path, [...loc.slice(1), branchName(branch, input)])),
      );
    case 'custom': {
      const named = (issue.params as Partial<FastApiIssueParams> | undefined)?.fastapi;
      return [error(named ?? { type: 'value_error', msg: `Value error, ${issue.message}`, ctx: { error: issue.message } })];
    }
    default:
      return [error({ type: 'value_error', msg: `Value error, ${issue.message}`, ctx: { error: issue.message } })];
  }
}

/**
 * Turns zod issues into FastAPI's `detail` items, so clients written against a FastAPI
 * service read our 422s unchanged: `loc` starts with the request part, `type` is the
 * pydantic error code, `ctx` holds the bound, `input` is the value as it was sent.
 */
export function toFastApiDetail(part: RequestPart, issues: readonly Issue[], raw: unknown): ValidationError[] {
  return issues.flatMap((issue) => mapIssue(issue, part, raw, [], []));
}
