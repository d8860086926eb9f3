import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { limitParam, DateTimeParam } from '#schemas/api/params';
import { DETAIL_LIMITS } from './bounded-detail.ts';
import { validatorCompiler } from './validator-compiler.ts';
import type { RequestValidationError } from '#platform/errors';

function validate(schema: z.ZodType, httpPart: string, data: unknown) {
  const run = validatorCompiler({ schema, httpPart, method: 'GET', url: '/x' }) as (data: unknown) => {
    value?: unknown;
    error?: RequestValidationError;
  };
  return run(data);
}
const detail = (schema: z.ZodType, httpPart: string, data: unknown) => validate(schema, httpPart, data).error?.detail;

/** The detail item FastAPI gives for a query parameter. */
const queryError = (param: string, input: unknown, type: string, msg: string, ctx?: Record<string, unknown>) => ({
  type,
  loc: ['query', param],
  msg,
  input,
  ...(ctx === undefined ? {} : { ctx }),
});

const Query = z.object({
  ticker: z.string().min(1).max(5),
  limit: limitParam(500, 100),
  latest: z.boolean().default(false),
  period: z.enum(['quarterly', 'annual', 'any']).default('any'),
  as_of: DateTimeParam.optional(),
});

describe('query parameters, validated and worded as FastAPI does', () => {
  it('coerces text to the schema types and applies defaults', () => {
    expect(validate(Query, 'querystring', { ticker: 'ACC', limit: '5', latest: 'yes', as_of: '2024-06-01' }).value).toEqual({
      ticker: 'ACC',
      limit: 5,
      latest: true,
      period: 'any',
      as_of: '2024-06-01T00:00:00Z',
    });
    expect(validate(Query, 'querystring', { ticker: 'ACC', as_of: '2024-06-01T10:30' }).value).toMatchObject({
      as_of: '2024-06-01T10:30:00Z',
      limit: 100,
    });
    expect(validate(Query, 'querystring', { ticker: 'ACC', as_of: '2024-06-01T10:30:00+05:30' }).value).toMatchObject({
      as_of: '2024-06-01T10:30:00+05:30',
    });
  });

  it('reports a missing field with input null', () => {
    expect(detail(Query, 'querystring', {})).toEqual([queryError('ticker', null, 'missing', 'Field required')]);
  });

  it('reports bounds with their ctx and the text as sent', () => {
    expect(detail(Query, 'querystring', { ticker: '', limit: '0' })).toEqual([
      queryError('ticker', '', 'string_too_short', 'String should have at least 1 character', { min_length: 1 }),
      queryError('limit', '0', 'greater_than_equal', 'Input should be greater than or equal to 1', { ge: 1 }),
    ]);
    expect(detail(Query, 'querystring', { ticker: 'TOOLONG', limit: '501' })).toEqual([
      queryError('ticker', 'TOOLONG', 'string_too_long', 'String should have at most 5 characters', { max_length: 5 }),
      queryError('limit', '501', 'less_than_equal', 'Input should be less than or equal to 500', { le: 500 }),
    ]);
  });

  it('reports unparsable integers, booleans, enums and datetimes', () => {
    const expected = "'quarterly', 'annual' or 'any'";
    const error = 'invalid character in year';
    expect(detail(Query, 'querystring', { ticker: 'ACC', limit: '1.5', latest: 'maybe', period: 'weekly', as_of: 'last tuesday' })).toEqual(
      [
        queryError('limit', '1.5', 'int_parsing', 'Input should be a valid integer, unable to parse string as an integer'),
        queryError('latest', 'maybe', 'bool_parsing', 'Input should be a valid boolean, unable to interpret input'),
        queryError('period', 'weekly', 'literal_error', `Input should be ${expected}`, { expected }),
        queryError('as_of', 'last tuesday', 'datetime_from_date_parsing', `Input should be a valid datetime or date, ${error}`, { error }),
      ],
    );
    expect(detail(Query, 'querystring', { ticker: 'ACC', as_of: '2024-13-01' })?.[0]).toMatchObject({
      type: 'datetime_from_date_parsing',
      ctx: { error: 'month value is outside expected range of 1-12' },
    });
  });

  it('refuses a NUL character, which PostgreSQL text cannot hold', () => {
    expect(detail(Query, 'querystring', { ticker: 'A\u0000C' })).toEqual([
      queryError('ticker', 'A\u0000C', 'string_pattern_mismatch', 'String should not contain NUL (U+0000) characters', {
        pattern: '^[^\\x00]*$',
      }),
    ]);
    expect(detail(Body, 'body', { query: 'x', kinds: ['a\u0000'] })?.[0]?.loc).toEqual(['body', 'kinds', 0]);
  });

  it('refuses an instant whose day, in UTC or in IST, is past the years the database holds', () => {
    const error = 'the instant is outside the range the service holds, 0001-01-01T00:00:00Z to 9999-12-31T18:29:59Z';
    for (const as_of of ['9999-12-31T23:59:59Z', '9999-12-31T18:30:00Z', '0001-01-01T00:00:00+14:00']) {
      expect(detail(Query, 'querystring', { ticker: 'ACC', as_of }), as_of).toEqual([
        queryError('as_of', as_of, 'value_error', `Value error, ${error}`, { error }),
      ]);
    }
    for (const as_of of ['9999-12-31T18:29:59Z', '0001-01-01', '0001-01-01T05:30:00+05:30']) {
      expect(validate(Query, 'querystring', { ticker: 'ACC', as_of }).error, as_of).toBeUndefined();
    }
  });

  it('refuses an unknown parameter, naming it, with the text as sent', () => {
    expect(detail(Query, 'querystring', { ticker: 'ACC', vintage_date: '2020-01-01' })).toEqual([
      { type: 'extra_forbidden', loc: ['query', 'vintage_date'], msg: 'Extra inputs are not permitted', input: '2020-01-01' },
    ]);
    expect(detail(Query, 'querystring', { ticker: 'ACC', flag: '' })).toEqual([
      { type: 'extra_forbidden', loc: ['query', 'flag'], msg: 'Extra inputs are not permitted', input: '' },
    ]);
  });

  it("refuses unknown parameters named like Object's own properties too", () => {
    const names = ['toString', 'constructor', '__proto__', 'hasOwnProperty'];
    const query = Object.fromEntries([['ticker', 'ACC'], ...names.map((name) => [name, 'x'])]);
    expect(detail(Query, 'querystring', query)).toEqual(
      names.map((name) => ({ type: 'extra_forbidden', loc: ['query', name], msg: 'Extra inputs are not permitted', input: 'x' })),
    );
  });

  it('reports unknown parameters after the errors of the declared ones, a repeated one by its last value', () => {
    expect(detail(Query, 'querystring', { ticker: 'ACC', limit: 'x', foo: ['1', '2'], latest: 'maybe', bar: '3' })).toEqual([
      queryError('limit', 'x', 'int_parsing', 'Input should be a valid integer, unable to parse string as an integer'),
      queryError('latest', 'maybe', 'bool_parsing', 'Input should be a valid boolean, unable to interpret input'),
      { type: 'extra_forbidden', loc: ['query', 'foo'], msg: 'Extra inputs are not permitted', input: '2' },
      { type: 'extra_forbidden', loc: ['query', 'bar'], msg: 'Extra inputs are not permitted', input: '3' },
    ]);
    expect(detail(Query, 'querystring', { vintage_date: '2020-01-01' })).toEqual([
      queryError('ticker', null, 'missing', 'Field required'),
      { type: 'extra_forbidden', loc: ['query', 'vintage_date'], msg: 'Extra inputs are not permitted', input: '2020-01-01' },
    ]);
  });

  it('words only the first unknown parameters, however many are sent', () => {
    const query = Object.fromEntries([['ticker', 'ACC'], ...Array.from({ length: 5_000 }, (_, i) => [`p${i}`, String(i)])]);
    const errors = detail(Query, 'querystring', query);
    expect(errors).toHaveLength(DETAIL_LIMITS.errors);
    expect(errors?.[0]).toEqual({ type: 'extra_forbidden', loc: ['query', 'p0'], msg: 'Extra inputs are not permitted', input: '0' });
  });

  it('keeps the policy a query schema states: a loose one takes unknown parameters, a strict one refuses them once', () => {
    expect(validate(Query.loose(), 'querystring', { ticker: 'ACC', utm_source: 'x' }).value).toMatchObject({
      ticker: 'ACC',
      utm_source: 'x',
    });
    expect(detail(Query.strict(), 'querystring', { ticker: 'ACC', utm_source: 'x' })).toEqual([
      { type: 'extra_forbidden', loc: ['query', 'utm_source'], msg: 'Extra inputs are not permitted', input: 'x' },
    ]);
  });

  it('refuses unknown parameters on a refined query schema too, beside the refinement', () => {
    const Refined = Query.superRefine((query, ctx) => {
      if (query.latest && query.as_of !== undefined) ctx.addIssue({ code: 'custom', path: ['as_of'], message: 'not with latest' });
    });
    expect(detail(Refined, 'querystring', { ticker: 'ACC', latest: 'true', as_of: '2024-01-01', foo: 'x' })).toEqual([
      { type: 'extra_forbidden', loc: ['query', 'foo'], msg: 'Extra inputs are not permitted', input: 'x' },
      queryError('as_of', '2024-01-01', 'value_error', 'Value error, not with latest', { error: 'not with latest' }),
    ]);
  });

  it('refuses, when the route is registered, a query schema that is not an object', () => {
    expect(() =>
      validate(
        Query.transform((query) => query),
        'querystring',
        {},
      ),
    ).toThrow('the query schema of /x must be a z.object');
    expect(() => validate(z.unknown(), 'body', {})).not.toThrow();
  });

  it('takes the last value of a repeated parameter', () => {
    expect(validate(Query, 'querystring', { ticker: ['A', 'B'], limit: ['1', '2'] }).value).toMatchObject({ ticker: 'B', limit: 2 });
  });
});

const Body = z
  .object({
    query: z.string().min(1).max(200),
    kinds: z.array(z.string()).max(2).nullable().optional(),
    limit: z.number().int().min(1).max(100).default(20),
    plan: z
      .object({ route: z.enum(['exact', 'filter']), value: z.union([z.number(), z.string().regex(/^[+-]?\d+(\.\d+)?$/)]).optional() })
      .strict()
      .optional(),
  })
  .strict();

describe('JSON bodies, validated and worded as FastAPI does', () => {
  it('reports a missing body', () => {
    expect(detail(Body, 'body', undefined)).toEqual([{ type: 'missing', loc: ['body'], msg: 'Field required', input: null }]);
  });

  it('echoes the enclosing object for a missing field, and each unknown property', () => {
    expect(detail(Body, 'body', { limit: 5, extra: 1 })).toEqual([
      { type: 'missing', loc: ['body', 'query'], msg: 'Field required', input: { limit: 5, extra: 1 } },
      { type: 'extra_forbidden', loc: ['body', 'extra'], msg: 'Extra inputs are not permitted', input: 1 },
    ]);
  });

  it('reports nested enums, list lengths, integer types and union branches', () => {
    expect(detail(Body, 'body', { query: 'x', kinds: ['a', 'b', 'c'], limit: 2.5, plan: { route: 'fuzzy', value: '1..2' } })).toEqual([
      {
        type: 'too_long',
        loc: ['body', 'kinds'],
        msg: 'List should have at most 2 items after validation, not 3',
        input: ['a', 'b', 'c'],
        ctx: { field_type: 'List', max_length: 2, actual_length: 3 },
      },
      {
        type: 'int_from_float',
        loc: ['body', 'limit'],
        msg: 'Input should be a valid integer, got a number with a fractional part',
        input: 2.5,
      },
      {
        type: 'literal_error',
        loc: ['body', 'plan', 'route'],
        msg: "Input should be 'exact' or 'filter'",
        input: 'fuzzy',
        ctx: { expected: "'exact' or 'filter'" },
      },
      {
        type: 'string_pattern_mismatch',
        loc: ['body', 'plan', 'value'],
        msg: "String should match pattern '^[+-]?\\d+(\\.\\d+)?$'",
        input: '1..2',
        ctx: { pattern: '^[+-]?\\d+(\\.\\d+)?$' },
      },
    ]);
  });

  it('reports a missing enum field as missing, echoing its object, as for any other field', () => {
    expect(detail(Body, 'body', { query: 'x', plan: { value: 1 } })).toEqual([
      { type: 'missing', loc: ['body', 'plan', 'route'], msg: 'Field required', input: { value: 1 } },
    ]);
  });

  it('reports each branch of a union that no branch accepts', () => {
    expect(detail(Body, 'body', { query: 'x', plan: { route: 'exact', value: true } })).toEqual([
      { type: 'float_type', loc: ['body', 'plan', 'value', 'float'], msg: 'Input should be a valid number', input: true },
      { type: 'string_type', loc: ['body', 'plan', 'value', 'str'], msg: 'Input should be a valid string', input: true },
    ]);
  });

  it('reports a body that is not an object', () => {
    expect(detail(Body, 'body', [1])).toEqual([
      {
        type: 'model_attributes_type',
        loc: ['body'],
        msg: 'Input should be a valid dictionary or object to extract fields from',
        input: [1],
      },
    ]);
  });
});
