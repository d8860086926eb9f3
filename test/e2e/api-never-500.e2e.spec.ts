import fc from 'fast-check';
import { expect, it } from 'vitest';
import { DEFAULT_REQUEST_LIMITS } from '#platform/config/config';
import { givenApi } from '../support/api-harness.ts';
import { describeEachDatabase } from '../support/databases.ts';
import { operationsOf, problemWith, requestsFor } from '../support/openapi-fuzz.ts';

/**
 * The OpenAPI fuzz: a few hundred requests per database under `npm test`; `npm run fuzz`
 * (FUZZ=1) sends 100,000. FUZZ_REQUESTS sets another count; FUZZ_SEED replays a run
 * fast-check reported. How long the API's event loop is held is a measurement, not an
 * assertion: `npm run bench:resilience -- --parts fuzz` sends the same generator's requests to
 * an API process of their own and measures its loop there (docs/benchmarks.md).
 */
const FULL_FUZZ = process.env.FUZZ === '1';
const FUZZ_REQUESTS = Number(process.env.FUZZ_REQUESTS ?? (FULL_FUZZ ? 100_000 : 400));
const FUZZ_SEED = process.env.FUZZ_SEED === undefined ? undefined : Number(process.env.FUZZ_SEED);
/** No error body reaches 64 KB. */
const MAX_ERROR_BYTES = 64 * 1024;

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
  const api = givenApi(database, { limits: { perMinute: undefined, monthly: undefined } });

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

  it("text named like Object's own properties (constructor, __proto__, toString ...) is read as text by every text route", async () => {
    for (const name of Object.getOwnPropertyNames(Object.prototype)) {
      for (const [url, body] of [
        ['/v1/query', { query: name }],
        ['/v1/query', { query: `${name} revenue FY2024` }],
        ['/v1/search', { query: name }],
      ] as const) {
        const response = await api.post(url, body);
        expect(response.statusCode, `${url} ${JSON.stringify(body)}: ${response.body.slice(0, 300)}`).toBe(200);
      }
      const listed = await api.get(`/v1/companies?q=${encodeURIComponent(name)}`);
      expect(listed.statusCode, `companies?q=${name}`).toBe(200);
    }
  });

  it(
    `answers ${FUZZ_REQUESTS} hostile requests to every operation of the OpenAPI document without a 5xx, its errors in FastAPI's shape and under 64 KB`,
    async () => {
      const document: unknown = (await api.get('/v1/openapi.json')).json();
      const operations = operationsOf(document);
      expect(operations.length).toBeGreaterThanOrEqual(18);
      const requests = fc
        .constantFrom(...operations)
        .chain((operation) => requestsFor(operation, document, api.key, DEFAULT_REQUEST_LIMITS.bodyLimit));
      const statuses = new Map<number, number>();
      await fc.assert(
        fc.asyncProperty(requests, async (request) => {
          const response = await api.app.inject(request);
          statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
          const sent = `${request.method} ${request.url.slice(0, 200)} ${JSON.stringify(request.headers).slice(0, 200)} ${request.payload?.slice(0, 200) ?? ''}`;
          expect(
            problemWith(response, MAX_ERROR_BYTES),
            `${sent}\n→ ${response.statusCode} ${response.body.slice(0, 500)}`,
          ).toBeUndefined();
        }),
        { numRuns: FUZZ_REQUESTS, endOnFailure: true, ...(FUZZ_SEED === undefined ? {} : { seed: FUZZ_SEED }) },
      );
      console.info(`OpenAPI fuzz [${database.name}]: ${FUZZ_REQUESTS} requests, statuses ${JSON.stringify(Object.fromEntries(statuses))}`);
      expect(statuses.get(200) ?? 0, 'some requests reach the handlers').toBeGreaterThan(0);
    },
    60_000 + FUZZ_REQUESTS * 50,
  );
});
