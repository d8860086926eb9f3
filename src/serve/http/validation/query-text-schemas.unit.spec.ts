import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DateParam, DateTimeParam } from '#schemas/api/params';
import { QUERY_BOOLEAN_PATTERN, QUERY_DATE_PATTERN, QUERY_DATETIME_PATTERN, queryTextSchema } from './query-text-schemas.ts';
import { validatorCompiler } from './validator-compiler.ts';

// The query as the server reads it: the validator compiler over a query schema, text in.
const Query = z.object({ at: DateTimeParam.optional(), day: DateParam.optional(), flag: z.boolean().default(false) });
const validate = validatorCompiler({ schema: Query, httpPart: 'querystring', method: 'GET', url: '/x' }) as (data: unknown) => {
  error?: unknown;
};
const serverTakes = (name: 'at' | 'day' | 'flag', text: string) => validate({ [name]: text }).error === undefined;

// Ajv compiles patterns with the u flag; so does this.
const documentTakes = (pattern: string, text: string) => new RegExp(pattern, 'u').test(text);

const pick = <T>(...values: T[]) => fc.constantFrom(...values);

/** Texts built from the parts of datetimes, right and wrong, so both sides of each rule are tried. */
const datetimeTexts = fc
  .tuple(
    pick('', ' ', '\t', '\n'),
    pick('2025-01-29', '2024-02-29', '2023-02-29', '2025-13-01', '2025-04-31', '0000-01-01', '0001-01-01', '2025-1-29', '20250129'),
    pick('', 'T', 't', ' ', '_', 'x', 'TT'),
    pick('', '10:00', '10:00:00', '23:59:59.999', '24:00', '10:60', '1:00', '10', '10:00:61'),
    pick('', 'Z', 'z', '+05:30', '-05:00', '+0530', '+05', '+24:00', 'UTC'),
    pick('', ' ', '\r\n'),
  )
  .map((parts) => parts.join(''));

describe('query parameter texts as the OpenAPI document describes them', () => {
  it('a datetime parameter: the pattern takes exactly the texts the server takes (dates, datetimes with and without an offset)', () => {
    fc.assert(
      fc.property(datetimeTexts, (text) => {
        expect(documentTakes(QUERY_DATETIME_PATTERN, text), JSON.stringify(text)).toBe(serverTakes('at', text));
      }),
      { numRuns: 3_000 },
    );
    // The forms docs/api.md promises, each taken.
    for (const text of ['2024-06-01', '2024-06-01T23:59:59+05:30', '2024-06-01T10:00', '2024-06-01 10:00:00', '2024-06-01T10:00:00Z']) {
      expect([text, documentTakes(QUERY_DATETIME_PATTERN, text), serverTakes('at', text)]).toEqual([text, true, true]);
    }
  });

  it('a date parameter: the pattern takes exactly the calendar dates the server takes, year 0 refused', () => {
    const dates = fc.tuple(
      pick('', ' '),
      pick('2025-01-29', '2024-02-29', '2023-02-29', '0000-01-01', '2025-13-01', '2025-01-29T00:00:00Z'),
    );
    fc.assert(
      fc.property(dates, ([space, date]) => {
        const text = `${space}${date}`;
        expect(documentTakes(QUERY_DATE_PATTERN, text), JSON.stringify(text)).toBe(serverTakes('day', text));
      }),
    );
  });

  it('a boolean parameter: the pattern takes exactly the spellings the server reads, in any case', () => {
    const words = pick('true', 'false', '1', '0', 'yes', 'no', 'on', 'off', 't', 'f', 'y', 'n', '2', 'maybe', 'tru', '');
    const texts = fc
      .tuple(pick('', ' '), words, fc.boolean(), pick('', ' '))
      .map(([before, word, upper, after]) => `${before}${upper ? word.toUpperCase() : word}${after}`);
    fc.assert(
      fc.property(texts, (text) => {
        expect(documentTakes(QUERY_BOOLEAN_PATTERN, text), JSON.stringify(text)).toBe(serverTakes('flag', text));
      }),
      { numRuns: 500 },
    );
  });

  it('replaces format: date-time and type: boolean, and keeps the description and default', () => {
    const described = queryTextSchema({
      type: 'object',
      properties: {
        as_of: { type: 'string', format: 'date-time', pattern: '^x$', description: 'when' },
        latest: { type: 'boolean', default: false, description: 'quote' },
        limit: { type: 'integer', minimum: 1 },
      },
    });
    expect(described.properties).toMatchObject({
      as_of: { type: 'string', pattern: QUERY_DATETIME_PATTERN, description: 'when' },
      latest: { default: false, description: 'quote', anyOf: [{ type: 'boolean' }, { type: 'string', pattern: QUERY_BOOLEAN_PATTERN }] },
      limit: { type: 'integer', minimum: 1 },
    });
    expect((described.properties as Record<string, object>).as_of).not.toHaveProperty('format');
  });
});
