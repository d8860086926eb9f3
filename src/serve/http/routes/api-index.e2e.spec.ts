import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { PROJECTIONS } from '#projections';
import { ApiIndexResponseSchema } from '#schemas/api/api-index';
import type { DomainEvent } from '#schemas/events/catalogue';
import type { DatasetStatus } from '#schemas/read-models/dataset';
import { givenCompanyRegistered, givenMetadata } from '../../../../test/support/builders.ts';
import { describeEachDatabase } from '../../../../test/support/databases.ts';
import { type Harness, openHarness } from '../../../../test/support/service-harness.ts';
import type { Database, SqlExecutor } from '#platform/db/db';
import type { NewEvent } from '#platform/event-store/event-store';
import { DATASETS } from '#read/datasets/dataset-catalogue';
import { createDatasetIndex } from '#read/datasets/dataset-index';
import { buildApp } from '../build-app.ts';

// Every dataset's count is one statement with count(...) in it; nothing else GET /v1/ runs has one.
const COUNTING = /\bcount\(/i;

/** The database, counting the statements that count a dataset's rows. */
function countingStatements(db: Database): { db: Database; counted: () => number; reset: () => void } {
  let counted = 0;
  const wrap = (executor: SqlExecutor): SqlExecutor => ({
    query: (text, params) => {
      if (COUNTING.test(text)) counted += 1;
      return executor.query(text, params);
    },
    transaction: (fn) => executor.transaction((tx) => fn(wrap(tx))),
  });
  return {
    db: { ...db, ...wrap(db) },
    counted: () => counted,
    reset: () => (counted = 0),
  };
}

function givenCandles(ticker: string, days: readonly string[], knownAt: string): NewEvent<DomainEvent> {
  const candle = (day: string) => ({
    ticker,
    series: 'EQ',
    isin: null,
    start: `${day}T03:45:00.000Z`,
    open: '100',
    high: '100',
    low: '100',
    close: '100',
    volume: '1000',
    value: null,
    trades: null,
  });
  return {
    id: randomUUID(),
    type: 'PricesRecorded',
    data: { exchange: 'NSE', interval: '1d', candles: days.map(candle), part: 1, parts: 1, parserVersion: 1 },
    metadata: givenMetadata({ knownAt, source: 'nse' }),
  };
}

describeEachDatabase('GET /v1/, answered without a key', (database) => {
  let harness: Harness;
  let app: FastifyInstance;
  let statements: ReturnType<typeof countingStatements>;

  const index = async (): Promise<DatasetStatus[]> => {
    const response = await app.inject({ method: 'GET', url: '/v1/' });
    expect(response.statusCode, response.body).toBe(200);
    return ApiIndexResponseSchema.parse(response.json()).data.datasets;
  };
  const dataset = (datasets: readonly DatasetStatus[], name: string) => datasets.find((d) => d.name === name);
  // What a fresh index (nothing cached) counts now.
  const uncached = () => createDatasetIndex(harness.db).describe();

  beforeAll(async () => {
    harness = await openHarness(database);
    await harness.append(
      givenCompanyRegistered({ name: 'Index Test Limited', nseSymbol: 'IDXTEST' }),
      givenCandles('IDXTEST', ['2025-01-01'], '2025-01-01T12:00:00.000Z'),
    );
    await harness.project();
    statements = countingStatements(harness.db);
    app = buildApp({ db: statements.db, projections: PROJECTIONS, logger: false, limits: { perMinute: undefined, monthly: undefined } });
    await app.ready();
  });
  beforeEach(() => statements.reset());
  afterAll(async () => {
    await app?.close();
    await harness?.close();
  });

  it('counts every dataset once for 40 concurrent and 20 further requests, then not again while nothing is projected', async () => {
    const concurrent = await Promise.all(Array.from({ length: 40 }, () => index()));
    for (let i = 0; i < 20; i++) await index();
    expect(statements.counted()).toBe(DATASETS.length);
    expect(new Set(concurrent.map((datasets) => JSON.stringify(datasets))).size).toBe(1);
    expect(concurrent[0]).toEqual(await uncached());
    // A daily candle is known at its session's close (15:30 IST), before the file that carried it (17:30 IST).
    expect(dataset(concurrent[0] ?? [], 'prices')).toMatchObject({ available: true, rows: 1, latest_known_at: '2025-01-01T10:00:00.000Z' });

    statements.reset();
    await Promise.all(Array.from({ length: 20 }, () => index()));
    expect(statements.counted()).toBe(0);
  });

  it('answers the new rows and latest_known_at once new events are projected, recounting only the dataset that changed', async () => {
    await index();
    statements.reset();
    await harness.append(givenCandles('IDXTEST', ['2025-01-02', '2025-01-03'], '2025-01-03T12:00:00.000Z'));
    await harness.project();

    const after = await Promise.all(Array.from({ length: 20 }, () => index()));
    // Prices alone handles PricesRecorded; the other projections' checkpoints moved past it without a row changing.
    expect(statements.counted()).toBe(1);
    expect(dataset(after[0] ?? [], 'prices')).toMatchObject({ rows: 3, latest_known_at: '2025-01-03T10:00:00.000Z' });
    expect(after[0]).toEqual(await uncached());
  });

  it('recounts every dataset when the companies projection changes, since their rows may name companies through it', async () => {
    await index();
    statements.reset();
    await harness.append(givenCompanyRegistered({ name: 'Second Index Test Limited' }, '2025-02-01T00:00:00.000Z'));
    await harness.project();

    const after = await index();
    expect(statements.counted()).toBe(DATASETS.length);
    expect(dataset(after, 'companies')).toMatchObject({ rows: 2, latest_known_at: expect.any(String) });
    expect(after).toEqual(await uncached());
  });

  it('shows a rebuilding projection at once, without waiting for its count to change', async () => {
    await index();
    await harness.db.query(`update es_checkpoints set status = 'rebuilding' where projection = 'prices'`);
    try {
      expect(dataset(await index(), 'prices')).toMatchObject({ available: false, projection_status: 'rebuilding' });
    } finally {
      await harness.db.query(`update es_checkpoints set status = 'live' where projection = 'prices'`);
    }
    expect(dataset(await index(), 'prices')).toMatchObject({ available: true, projection_status: 'live' });
  });

  it("is limited per client address, taken from X-Forwarded-For only when a trusted proxy sends it; the explorer's files are not counted", async () => {
    const limited = buildApp({
      db: harness.db,
      projections: PROJECTIONS,
      logger: false,
      limits: { perMinute: undefined, monthly: undefined },
      publicRateLimitPerMinute: 2,
      trustProxy: ['10.0.0.5'],
      now: () => new Date('2025-06-14T12:00:15Z'), // the minute cannot roll over mid-test
    });
    try {
      const from = (client: string) =>
        limited.inject({ method: 'GET', url: '/v1/', remoteAddress: '10.0.0.5', headers: { 'x-forwarded-for': client } });
      expect([(await from('192.0.2.1')).statusCode, (await from('192.0.2.1')).statusCode]).toEqual([200, 200]);
      const refused = await from('192.0.2.1');
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({ detail: expect.stringMatching(/^rate limit reached: 2 requests per minute from one address/) });
      expect(refused.headers['retry-after']).toBe('45');
      expect((await from('192.0.2.2')).statusCode).toBe(200);
      // The explorer's files are sent from memory and not counted: a page load fetches many.
      const page = (url: string) =>
        limited.inject({ method: 'GET', url, remoteAddress: '10.0.0.5', headers: { 'x-forwarded-for': '192.0.2.1' } });
      for (const url of ['/explore', '/explore/app.js', '/explore/explorer.css', '/explore/vendor/uPlot.esm.js'])
        expect((await page(url)).statusCode).toBe(200);
      expect((await from('192.0.2.1')).statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });
});
