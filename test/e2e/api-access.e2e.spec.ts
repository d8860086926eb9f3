import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { PROJECTIONS } from '#projections';
import { ApiIndexResponseSchema } from '#schemas/api/api-index';
import { QueryResponseSchema } from '#schemas/api/query';
import { createKey } from '#serve/access/create-key';
import { revokeKey } from '#serve/access/revoke-key';
import { buildApp } from '#serve/http/build-app';
import { givenApi } from '../support/api-harness.ts';
import { describeEachDatabase } from '../support/databases.ts';

// Every route of SPEC.md, and the documented extensions, with a request that succeeds on the sample.
const ROUTES = [
  { method: 'GET', url: '/v1/companies?limit=1' },
  { method: 'GET', url: '/v1/instruments?limit=1' },
  { method: 'GET', url: '/v1/prices?ticker=RELIANCE&limit=1' },
  { method: 'GET', url: '/v1/financials?ticker=ACC&limit=1' },
  { method: 'GET', url: '/v1/financials/versions?ticker=ACC&concept=Revenue&period_end=2024-12-31' },
  { method: 'GET', url: '/v1/financial-metrics?ticker=ACC' },
  { method: 'GET', url: '/v1/shareholding?ticker=RELIANCE&limit=1' },
  { method: 'GET', url: '/v1/filings?limit=1' },
  { method: 'GET', url: '/v1/events?limit=1' },
  { method: 'GET', url: '/v1/corporate-actions?limit=1' },
  { method: 'POST', url: '/v1/search', payload: { query: 'RELIANCE', limit: 1 } },
  { method: 'POST', url: '/v1/query', payload: { query: "What was ACC's revenue in Q3 FY25?" } },
] as const;

const PER_MINUTE = 3;
// A fixed clock: the per-minute window cannot roll over in the middle of a test.
const NOW = () => new Date('2026-03-10T10:00:30Z');

function expectRateLimitHeaders(response: LightMyRequestResponse) {
  for (const header of ['ratelimit-limit', 'ratelimit-remaining', 'ratelimit-reset']) {
    expect(response.headers[header], header).toMatch(/^\d+$/);
  }
}

describeEachDatabase('authentication and rate limits on every route', (database) => {
  const api = givenApi(database, { limits: { perMinute: PER_MINUTE, monthly: 1_000 }, now: NOW });
  const send = (route: (typeof ROUTES)[number], headers: Record<string, string>) =>
    api.app.inject({ method: route.method, url: route.url, headers, ...('payload' in route ? { payload: route.payload } : {}) });

  describe.each(ROUTES)('$method $url', (route) => {
    it('answers 401 without a key, with a wrong key and with a revoked key; 200 with a key by either header', async () => {
      const { db } = api.service.harness;
      const { key, record } = await createKey(db, {
        workspace: { name: 'access tests' },
        name: `${route.method} ${route.url}`,
        scopes: ['read'],
      });
      for (const headers of [{}, { 'x-api-key': 'imd_wrong' }, { authorization: 'Bearer imd_wrong' }]) {
        const response = await send(route, headers);
        expect(response.statusCode, JSON.stringify(headers)).toBe(401);
        expect(response.json()).toEqual({ detail: expect.any(String) });
        expectRateLimitHeaders(response);
      }
      const good = await send(route, { 'x-api-key': key });
      expect(good.statusCode, good.body).toBe(200);
      expect((await send(route, { authorization: `Bearer ${key}` })).statusCode).toBe(200);
      await revokeKey(db, record.id);
      expect((await send(route, { 'x-api-key': key })).statusCode).toBe(401);
    });

    it('carries the RateLimit headers counting down, then 429 with Retry-After once the allowance is used', async () => {
      const { key } = await createKey(api.service.harness.db, {
        workspace: { name: 'access tests' },
        name: `limits ${route.url}`,
        scopes: ['read'],
      });
      for (let used = 1; used <= PER_MINUTE; used++) {
        const response = await send(route, { 'x-api-key': key });
        expect(response.statusCode).toBe(200);
        expectRateLimitHeaders(response);
        expect(response.headers['ratelimit-limit']).toBe(String(PER_MINUTE));
        expect(response.headers['ratelimit-remaining']).toBe(String(PER_MINUTE - used));
        expect(response.headers['ratelimit-reset']).toBe('30');
      }
      const refused = await send(route, { 'x-api-key': key });
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['retry-after']).toBe('30');
      expect(refused.headers['ratelimit-remaining']).toBe('0');
      expect(refused.json()).toEqual({ detail: expect.stringMatching(/minute/) });
    });
  });

  it('serves GET /v1/ and the OpenAPI document without a key, with the RateLimit headers', async () => {
    for (const url of ['/v1/', '/v1/openapi.json', '/health']) {
      const response = await api.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expectRateLimitHeaders(response);
    }
  });

  it('names the ways to get a key that work (docs/auth.md): the first-key file, the keys CLI with -s, and POST /v1/keys', async () => {
    const response = await api.app.inject({ method: 'GET', url: '/v1/' });
    const { authentication } = ApiIndexResponseSchema.parse(response.json()).data;
    expect(authentication).toContain('X-API-Key');
    expect(authentication).toContain('Authorization: Bearer');
    // npm start on PGlite writes the first key; the CLI cannot open that folder while it runs.
    expect(authentication).toContain('<DATA_DIR>/first-api-key');
    // Without -s, npm prints its banner on stdout, so KEY=$(npm run keys ...) would not hold a key.
    expect(authentication).toContain('npm run -s keys -- create --name NAME');
    expect(authentication).toContain('POST /v1/keys');
  });

  it('answers 503 naming the dataset while its projection is rebuilding', async () => {
    const { db } = api.service.harness;
    const app = buildApp({ db, projections: PROJECTIONS, logger: false, limits: { perMinute: undefined, monthly: undefined } });
    try {
      await db.query(`update es_checkpoints set status = 'rebuilding' where projection = 'corporate_actions'`);
      const response = await app.inject({ method: 'GET', url: '/v1/corporate-actions', headers: { 'x-api-key': api.key } });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ detail: 'the corporate_actions dataset is unavailable: its projection is rebuilding' });
      const index = ApiIndexResponseSchema.parse((await app.inject({ method: 'GET', url: '/v1/' })).json());
      expect(index.data.datasets.find((d) => d.name === 'corporate_actions')).toMatchObject({
        available: false,
        projection_status: 'rebuilding',
      });
    } finally {
      await db.query(`update es_checkpoints set status = 'live' where projection = 'corporate_actions'`);
      await app.close();
    }
  });
});

describeEachDatabase('an empty store', (database) => {
  const api = givenApi(database, { ingest: false });

  it('answers 503 for every dataset not ingested yet, and says so in GET /v1/', async () => {
    for (const route of ROUTES.filter((r) => r.url !== '/v1/query')) {
      const response = await api.app.inject({
        method: route.method,
        url: route.url,
        headers: { 'x-api-key': api.key },
        ...('payload' in route ? { payload: route.payload } : {}),
      });
      expect(response.statusCode, route.url).toBe(503);
      expect(response.json<{ detail: string }>().detail).toMatch(/dataset is unavailable: nothing has been ingested for it yet$/);
    }
    const index = ApiIndexResponseSchema.parse((await api.get('/v1/')).json());
    expect(index.data.datasets.every((d) => !d.available && d.rows === 0)).toBe(true);
  });

  it('answers a research query with the unavailable datasets as gaps, not a 503', async () => {
    const response = await api.post('/v1/query', { query: "What was ACC's revenue in Q3 FY25?" });
    expect(response.statusCode).toBe(200);
    const { data } = QueryResponseSchema.parse(response.json());
    expect(data.gaps.filter((g) => g.kind === 'unavailable').map((g) => g.subject)).toEqual(['companies', 'financials']);
    expect(data.answer.text).toMatch(/unavailable/);
  });
});
