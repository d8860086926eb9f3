import fc from 'fast-check';
import { expect, it } from 'vitest';
import { givenApi } from '../support/api-harness.ts';
import { describeEachDatabase } from '../support/databases.ts';

const GET_ROUTES = {
  '/v1/companies': ['q', 'sector', 'listing_status', 'limit', 'offset'],
  '/v1/instruments': ['ticker', 'exchange', 'segment', 'type', 'isin', 'company', 'limit', 'offset'],
  '/v1/prices': ['ticker', 'exchange', 'interval', 'start', 'end', 'latest', 'limit'],
  '/v1/financials': ['ticker', 'period', 'basis', 'concept', 'as_of', 'recorded_as_of', 'limit'],
  '/v1/financials/versions': ['ticker', 'concept', 'period_end', 'basis', 'period_type', 'as_of', 'recorded_as_of'],
  '/v1/financial-metrics': ['ticker', 'period', 'basis', 'as_of'],
  '/v1/shareholding': ['ticker', 'period_end', 'holders', 'limit'],
  '/v1/filings': ['ticker', 'type', 'fiscal_year', 'start', 'end', 'limit', 'offset'],
  '/v1/events': ['ticker', 'type', 'start', 'end', 'limit', 'offset', 'types'],
  '/v1/corporate-actions': ['ticker', 'type', 'start', 'end', 'limit', 'offset'],
} as const;

// Values a client might send: plausible ones, boundaries, and junk.
const value = fc.oneof(
  fc.constantFrom(
    'ACC',
    'NSE:RELIANCE',
    'INE002A01018',
    '500410',
    'true',
    'no',
    'annual',
    'dividend',
    '2024-06-30',
    '2024-12-31',
    'Revenue',
    'quarterly',
    '2025-01-29T00:00:00Z',
    '0001-01-01',
    '0000-01-01T00:00:00Z',
    '0',
    '-1',
    '1',
    '500',
    '2001',
    '1e3',
    '99999999999999999999',
    '',
    ' ',
    '%',
    "' or 1=1 --",
    'NaN',
    'null',
    '\u0000',
    '😀',
  ),
  fc.string({ maxLength: 300 }),
  fc.integer().map(String),
);

describeEachDatabase('no request a client can send gets a 500', (database) => {
  const api = givenApi(database);

  it('GET routes with random parameters answer 200, 404 or 422', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...(Object.keys(GET_ROUTES) as Array<keyof typeof GET_ROUTES>)),
        fc.array(fc.tuple(fc.nat(20), value), { maxLength: 6 }),
        async (path, pairs) => {
          const names = GET_ROUTES[path];
          const query = new URLSearchParams(pairs.map(([i, v]): [string, string] => [names[i % names.length] ?? 'x', v]));
          const response = await api.get(`${path}?${query.toString()}`);
          expect([200, 404, 422], `${path}?${query.toString()}: ${response.body}`).toContain(response.statusCode);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('POST /v1/search with random bodies answers 200 or 422', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.record(
            {
              query: value,
              kinds: fc.option(fc.array(fc.constantFrom('company', 'security', 'concept', 'document', 'announcement', 'event', 'x'))),
              ticker: fc.option(value),
              limit: fc.oneof(fc.integer(), fc.double(), fc.string()),
            },
            { requiredKeys: [] },
          ),
          fc.jsonValue(),
        ),
        async (body) => {
          const response = await api.app.inject({
            method: 'POST',
            url: '/v1/search',
            headers: { 'x-api-key': api.key, 'content-type': 'application/json' },
            payload: JSON.stringify(body),
          });
          expect([200, 422], `${JSON.stringify(body)}: ${response.body}`).toContain(response.statusCode);
        },
      ),
      { numRuns: 200 },
    );
  });
});
