import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { FACTS } from '#projections/facts/tables';
import { PROJECTIONS } from '#projections';
import { FinancialsResponseSchema } from '#schemas/api/financials';
import { createKey } from '#serve/access/create-key';
import { buildApp } from '#serve/http/build-app';
import { givenApi } from '../support/api-harness.ts';
import { annualPeriod, givenCompanyRegistered, givenFact, givenFinancialsReported } from '../support/builders.ts';
import { describeEachDatabase } from '../support/databases.ts';

// ACC's Q3 FY25 consolidated revenue, as first filed (28 Jan 2025) and as revised (31 Jan 2025).
const Q3_FY25_REVENUE = '/v1/financials?ticker=ACC&concept=Revenue&period=quarterly&basis=consolidated&limit=1';
const BEFORE_REVISION = `${Q3_FY25_REVENUE}&as_of=2025-01-29T00:00:00Z`;
const ANNUAL_REVENUE = '/v1/financials?ticker=ACC&concept=Revenue&period=annual&basis=consolidated&limit=3';
/**
 * The body without what differs from one reading to the next: the response's timestamp, and the
 * instants it was read at (meta.as_of and meta.recorded_as_of when not asked for: a remembered
 * answer states the instant it was read at, docs/views.md). Every asked-for instant stays.
 */
const withoutTimestamp = (body: string) => {
  const meta = FinancialsResponseSchema.parse(JSON.parse(body)).meta;
  const readAt = (key: 'as_of' | 'recorded_as_of') => meta[key] !== undefined && /\.\d{3}Z$/.test(meta[key]);
  let text = body.replace(/"timestamp":"[^"]*"/, '"timestamp":""');
  for (const key of ['as_of', 'recorded_as_of'] as const) if (readAt(key)) text = text.replace(`"${key}":"${meta[key]}"`, `"${key}":""`);
  return text;
};

describeEachDatabase('the response cache of GET /v1/financials', (database) => {
  const api = givenApi(database, { responseCacheBytes: 8 * 1024 ** 2 });
  // The same service without a cache: today's answers, to compare byte for byte.
  let uncached: FastifyInstance | undefined;
  beforeAll(async () => {
    uncached = buildApp({
      db: api.service.harness.db,
      projections: PROJECTIONS,
      logger: false,
      limits: { perMinute: undefined, monthly: undefined },
    });
    await uncached.ready();
  });
  afterAll(() => uncached?.close());
  const uncachedGet = (url: string) => {
    if (!uncached) throw new Error('the app without a cache is used before its suite started');
    return uncached.inject({ method: 'GET', url, headers: { 'x-api-key': api.key } });
  };

  it('answers a repeated read from memory, byte for byte as the service answers without a cache, with its own timestamp', async () => {
    for (const url of [BEFORE_REVISION, Q3_FY25_REVENUE, ANNUAL_REVENUE, '/v1/financials?ticker=ACC&limit=50']) {
      const first = await api.get(url);
      const second = await api.get(url);
      const today = await uncachedGet(url);
      expect(first.statusCode).toBe(200);
      expect(second.headers['content-type']).toBe(today.headers['content-type']);
      expect(withoutTimestamp(second.body)).toBe(withoutTimestamp(today.body));
      expect(withoutTimestamp(first.body)).toBe(withoutTimestamp(today.body));
      expect(
        FinancialsResponseSchema.parse(second.json()).meta.timestamp >= FinancialsResponseSchema.parse(first.json()).meta.timestamp,
      ).toBe(true);
    }
    // A change to a read table that moves no checkpoint is not seen: the second read was remembered.
    const remembered = await api.get(BEFORE_REVISION);
    await api.service.harness.db.query(`update ${FACTS} set value = value + 1`);
    try {
      expect(withoutTimestamp((await api.get(BEFORE_REVISION)).body)).toBe(withoutTimestamp(remembered.body));
      expect(withoutTimestamp((await uncachedGet(BEFORE_REVISION)).body)).not.toBe(withoutTimestamp(remembered.body));
    } finally {
      await api.service.harness.db.query(`update ${FACTS} set value = value - 1`);
    }
  });

  it('forgets its answers when a projection moves: a new filing shows at the next read, and as_of still hides it before its known_at', async () => {
    const before = FinancialsResponseSchema.parse((await api.get(ANNUAL_REVENUE)).json());
    const companyId = before.data[0]?.company.id ?? '';
    const fy2031 = givenFinancialsReported({
      companyId,
      knownAt: '2031-05-01T10:00:00.000Z',
      facts: [givenFact('Revenue', '123456789', annualPeriod(2031))],
    });
    await api.service.harness.append(fy2031);
    await api.service.harness.project();
    const after = FinancialsResponseSchema.parse((await api.get(ANNUAL_REVENUE)).json());
    expect(after.data[0]).toMatchObject({ value: '123456789', period: { fiscal_year: 2031 }, known_at: '2031-05-01T10:00:00.000Z' });
    expect(after.data.slice(1)).toEqual(before.data.slice(0, 2));
    const asOfBefore = FinancialsResponseSchema.parse((await api.get(`${ANNUAL_REVENUE}&as_of=2031-05-01T09:59:59Z`)).json());
    expect(asOfBefore.data).toEqual(before.data);
    expect(withoutTimestamp((await api.get(ANNUAL_REVENUE)).body)).toBe(withoutTimestamp((await uncachedGet(ANNUAL_REVENUE)).body));
  });

  it('without a cache, the company resolver still forgets what it remembered when a projection moves: a rename shows at once', async () => {
    const registered = givenCompanyRegistered({ nseSymbol: 'RENAMEME', name: 'Before Rename Ltd' }, '2030-01-01T00:00:00.000Z');
    await api.service.harness.append(registered);
    await api.service.harness.project();
    const nameNow = async () =>
      FinancialsResponseSchema.parse((await uncachedGet('/v1/financials?ticker=RENAMEME')).json()).meta.company.name;
    expect(await nameNow()).toBe('Before Rename Ltd');
    const renamed = givenCompanyRegistered({ ...registered.data, name: 'After Rename Ltd' }, '2030-02-01T00:00:00.000Z');
    await api.service.harness.append(renamed);
    await api.service.harness.project();
    expect(await nameNow()).toBe('After Rename Ltd');
  });

  it('authenticates every request, remembered or not: a revoked key is refused at once', async () => {
    const { key, record } = await createKey(api.service.harness.db, { workspace: { name: 'tests' }, name: 'reader', scopes: ['read'] });
    expect((await api.get(Q3_FY25_REVENUE, { 'x-api-key': key })).statusCode).toBe(200);
    expect((await api.get(Q3_FY25_REVENUE, { 'x-api-key': key })).statusCode).toBe(200);
    const revoked = await api.app.inject({ method: 'DELETE', url: `/v1/keys/${record.id}`, headers: { 'x-api-key': api.key } });
    expect(revoked.statusCode).toBe(200);
    const refused = await api.get(Q3_FY25_REVENUE, { 'x-api-key': key });
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({ detail: 'the API key has been revoked' });
    // A key without the read scope is refused a remembered answer too.
    const admin = await createKey(api.service.harness.db, { workspace: { name: 'tests' }, name: 'admin only', scopes: ['admin'] });
    expect((await api.get(Q3_FY25_REVENUE, { 'x-api-key': admin.key })).statusCode).toBe(403);
  });

  it("counts every request, remembered or not, in the key's rate limit", async () => {
    const limited = buildApp({
      db: api.service.harness.db,
      projections: PROJECTIONS,
      logger: false,
      limits: { perMinute: 2, monthly: undefined },
      responseCacheBytes: 1024 ** 2,
    });
    try {
      const { key } = await createKey(api.service.harness.db, { workspace: { name: 'cache' }, name: 'limited' });
      const get = () => limited.inject({ method: 'GET', url: Q3_FY25_REVENUE, headers: { 'x-api-key': key } });
      const answers = [await get(), await get(), await get()];
      expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 429]);
      expect(answers.map((answer) => answer.headers['ratelimit-remaining'])).toEqual(['1', '0', '0']);
    } finally {
      await limited.close();
    }
  });
});
