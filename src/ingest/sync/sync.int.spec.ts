import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { CANDLES } from '#projections/prices/tables';
import { FACTS } from '#projections/facts/tables';
import { loadConfig } from '#platform/config/config';
import type { SqlExecutor } from '#platform/db/db';
import { nseSymbolsOf } from '#runtime/sync-runtime';
import { pglite, postgres } from '../../../test/support/databases.ts';
import { startExchangeReplay, type ReplayServer } from '../../../test/support/exchange-replay/index.ts';
import { givenIngestion, type IngestionHarness } from '../../../test/support/ingestion-harness.ts';
import { REPO_ROOT } from '../../../test/support/parse-input.ts';
import { describe } from 'vitest';
import { selectDatasets, createSyncService } from './sync-service.ts';
import { createLocalSink } from './local-sink.ts';
import { receiveDocuments } from '#ingest/pipeline/receive-document';
import type { Clock } from './host-budget.ts';

/** The database the suite runs on: the server when there is one (closer to production), else PGlite. */
const database = postgres ?? pglite;

/** Sample files the replay serves for January 2025's results and the session of 6 January 2021. */
const SAMPLE = (relative: string) => path.join(REPO_ROOT, 'sample-data', relative);

function syncFor(harness: IngestionHarness, replay: ReplayServer, options: { rps?: number; clock?: Clock; signal?: AbortSignal } = {}) {
  const rps = String(options.rps ?? 50);
  const config = loadConfig({
    ...replay.urls,
    SYNC_NSE_API_RPS: rps,
    SYNC_NSE_ARCHIVES_RPS: rps,
    SYNC_BSE_RPS: rps,
    SYNC_TIMEOUT_SECONDS: '10',
  });
  const db = harness.harness.db;
  return createSyncService({
    db,
    config: config.sync,
    limits: config.ingestLimits,
    sink: createLocalSink(harness.ingestion.deps, config.ingestLimits),
    nseSymbols: nseSymbolsOf(db),
    leaseMs: 5_000,
    ...(options.clock ? { clock: options.clock } : {}),
    ...(options.signal ? { signal: options.signal } : {}),
  });
}

/**
 * A read table's rows as a user sees them, without what records when and by which event
 * they arrived (those differ between any two runs), sorted so that two stores compare.
 */
async function tableRows(db: SqlExecutor, table: string, without: readonly string[] = []): Promise<string[]> {
  const { rows } = await db.query<{ row: Record<string, unknown> }>(`select to_jsonb(t) as row from ${table} t`);
  const volatile = /(^|_)(recorded|updated|received|projected|created)(_at)?$|event_id|position|^id$|context/;
  return rows
    .map(({ row }) =>
      JSON.stringify(
        Object.fromEntries(
          Object.entries(row)
            .filter(([key]) => !volatile.test(key) && !without.includes(key))
            .sort(([a], [b]) => a.localeCompare(b)),
        ),
      ),
    )
    .sort();
}

/** NSE's full bhavcopy of 6 January 2021, one line, TCS closing at `close`. */
const bhavcopyFull = (close: string) =>
  `SYMBOL, SERIES, DATE1, PREV_CLOSE, OPEN_PRICE, HIGH_PRICE, LOW_PRICE, LAST_PRICE, CLOSE_PRICE, AVG_PRICE, TTL_TRD_QNTY, TURNOVER_LACS, NO_OF_TRADES, DELIV_QTY, DELIV_PER\n` +
  `TCS, EQ, 06-Jan-2021, 3000.00, 3001.00, 3020.00, 2990.00, 3010.00, ${close}, 3005.00, 100, 30.05, 10, 50, 50.00\n`;

const { datasets: RESULTS } = selectDatasets(['nse-results']);
const { datasets: BHAVCOPY } = selectDatasets(['nse-bhavcopy-legacy']);

describe(`npm run sync against the exchange replay, as a hand ingest of the same files [${database.name}]`, () => {
  let replay: ReplayServer;
  beforeAll(async () => {
    replay = await startExchangeReplay({ useSharedData: false, burst429: false });
  });
  afterAll(async () => replay?.close());
  const synced = givenIngestion(database);
  const byHand = givenIngestion(database);

  it('stores what a hand ingest of the same files stores: every fact and candle, with the listing dates and URLs', async () => {
    const sync = syncFor(synced, replay);
    const results = await sync.backfill(RESULTS, '2025-01-01', '2025-01-31');
    const prices = await sync.backfill(BHAVCOPY, '2021-01-06', '2021-01-06');
    expect([...results, ...prices].map((r) => [r.unit, r.outcome, r.reason])).toEqual([
      ['2025-01-01..2025-01-31', 'fetched', undefined],
      ['2021-01-06', 'fetched', undefined],
    ]);
    // The same files by hand: the XBRL filings the sync fetched (as the sample holds them),
    // the listings that date them, and the session's bhavcopy.
    const fetched = await synced.harness.db.query<{ file_name: string }>(
      `select file_name from raw_documents where file_name like '%.xml'`,
    );
    const xbrl = replay.served
      .filter((s) => s.file && fetched.rows.some((r) => s.url.endsWith(`/${r.file_name}`)))
      .map((s) => s.file ?? '');
    expect(xbrl.length).toBe(fetched.rows.length);
    expect(xbrl.length).toBeGreaterThan(3);
    const hand = await byHand.ingest([...xbrl, SAMPLE('results/index'), SAMPLE('prices/cm06JAN2021bhav.csv')]);
    expect(hand.rejected).toBe(0);
    await synced.harness.project();
    await byHand.harness.project();
    // Facts carry the listing's URL either way; a bhavcopy ingested by hand has no URL, and the sync's names the exchange's.
    const facts = [await tableRows(synced.harness.db, FACTS), await tableRows(byHand.harness.db, FACTS)];
    expect(facts[0]?.length).toBeGreaterThan(0);
    expect(facts[0]).toEqual(facts[1]);
    const candles = [
      await tableRows(synced.harness.db, CANDLES, ['source_url']),
      await tableRows(byHand.harness.db, CANDLES, ['source_url']),
    ];
    expect(candles[0]?.length).toBeGreaterThan(1000);
    expect(candles[0]).toEqual(candles[1]);
    const urls = await synced.harness.db.query<{ source_url: string | null }>(`select distinct source_url from ${CANDLES}`);
    expect(urls.rows).toEqual([
      { source_url: 'https://nsearchives.nseindia.com/content/historical/EQUITIES/2021/JAN/cm06JAN2021bhav.csv.zip' },
    ]);
  });

  it('appends nothing when the same range is synced again, and fetches no unit it finished', async () => {
    const before = await synced.eventCount();
    const requests = replay.requests.length;
    const sync = syncFor(synced, replay);
    const again = [
      ...(await sync.backfill(RESULTS, '2025-01-01', '2025-01-31')),
      ...(await sync.backfill(BHAVCOPY, '2021-01-06', '2021-01-06')),
    ];
    expect(again.map((r) => r.outcome)).toEqual(['skipped', 'skipped']);
    expect(replay.requests.length).toBe(requests);
    expect(await synced.eventCount()).toBe(before);
  });

  it('stores a file the exchange changed as a new version, and the same bytes again as nothing', async () => {
    const sync = syncFor(synced, replay);
    const url = `${replay.urls.NSE_ARCHIVES_URL}/products/content/sec_bhavdata_full_06012021.csv`;
    const { datasets } = selectDatasets(['nse-bhavcopy-full']);
    replay.publish(url, bhavcopyFull('3011.00'));
    const [dataset] = datasets;
    if (!dataset) throw new Error('no nse-bhavcopy-full dataset');
    expect((await sync.backfill(datasets, '2021-01-06', '2021-01-06')).map((r) => r.outcome)).toEqual(['fetched']);
    const versions = async () =>
      (
        await synced.harness.db.query<{ n: number }>(
          `select count(*)::int as n from raw_documents where file_name = 'sec_bhavdata_full_06012021.csv'`,
        )
      ).rows[0]?.n;
    expect(await versions()).toBe(1);
    // The exchange corrects the file: the evening's refetch stores it beside the first, never over it.
    replay.publish(url, bhavcopyFull('3012.50'));
    const session = { key: '2021-01-06', from: '2021-01-06', to: '2021-01-06' };
    expect((await sync.refetch(dataset, session))?.delivery?.stored).toBe(1);
    expect(await versions()).toBe(2);
    await synced.harness.project();
    const { rows } = await synced.harness.db.query<{ close: string }>(
      `select close::text as close from ${CANDLES} where ticker = 'TCS' and start >= '2021-01-06' and start < '2021-01-07'`,
    );
    expect(rows.map((r) => Number(r.close))).toEqual([3012.5]);
    // The same bytes again: nothing stored, nothing appended.
    const events = await synced.eventCount();
    expect((await sync.refetch(dataset, session))?.delivery).toMatchObject({ stored: 0, alreadyHeld: 1 });
    expect(await synced.eventCount()).toBe(events);
  });
});

describe(`sync after a run killed between storing a fetched document and parsing it [${database.name}]`, () => {
  let replay: ReplayServer;
  beforeAll(async () => {
    replay = await startExchangeReplay({ useSharedData: false, burst429: false });
  });
  afterAll(async () => replay?.close());
  const synced = givenIngestion(database);

  it('parses the document the store holds unparsed when its unit is fetched again, instead of taking it as done', async () => {
    const fileName = 'sec_bhavdata_full_06012021.csv';
    const url = `${replay.urls.NSE_ARCHIVES_URL}/products/content/${fileName}`;
    const csv = bhavcopyFull('3011.00');
    replay.publish(url, csv);
    // What the killed run left: the bytes stored and their receipt recorded, no parse queued.
    const [received] = await receiveDocuments(synced.harness.db, synced.ingestion.deps.parsers, [
      { bytes: new TextEncoder().encode(csv), fileName, sourceUrl: url, source: 'sync' },
    ]);
    expect(received?.outcome).toBe('stored');

    const { datasets } = selectDatasets(['nse-bhavcopy-full']);
    const [report] = await syncFor(synced, replay).backfill(datasets, '2021-01-06', '2021-01-06');
    expect(report?.outcome).toBe('fetched');
    expect(report?.delivery?.summary?.parsed).toBe(1);
    await synced.harness.project();
    const { rows } = await synced.harness.db.query<{ close: string }>(
      `select close::text as close from ${CANDLES} where ticker = 'TCS' and start >= '2021-01-06' and start < '2021-01-07'`,
    );
    expect(rows.map((r) => Number(r.close))).toEqual([3011]);
  });
});

describe(`sync follow mode and politeness, against the exchange replay [${database.name}]`, () => {
  let replay: ReplayServer;
  beforeAll(async () => {
    replay = await startExchangeReplay({ useSharedData: false });
  });
  afterAll(async () => replay?.close());
  const follower = givenIngestion(database);

  it('picks up, on a fake clock, a bhavcopy published after it started following', async () => {
    const url = `${replay.urls.NSE_ARCHIVES_URL}/content/historical/EQUITIES/2021/JAN/cm06JAN2021bhav.csv.zip`;
    const bytes = new Uint8Array(await (await fetch(url)).arrayBuffer());
    replay.unpublish(url);
    // 17:00 IST on 6 January 2021, the session's day: its file is due from 18:15.
    let now = Date.parse('2021-01-06T11:30:00Z');
    const clock: Clock = {
      now: () => now,
      sleep: (ms) => {
        now += ms;
        return Promise.resolve();
      },
    };
    const sync = syncFor(follower, replay, { clock });
    const { datasets } = selectDatasets(['nse-bhavcopy-legacy']);
    const legacy = (reports: readonly { unit: string; outcome: string }[]) =>
      reports.filter((r) => r.unit === '2021-01-06').map((r) => r.outcome);
    expect(legacy(await sync.tick(datasets))).toEqual([]);
    now = Date.parse('2021-01-06T12:50:00Z'); // 18:20 IST: due, not there yet
    expect(legacy(await sync.tick(datasets))).toEqual(['not-published']);
    expect((await sync.progress.unit('nse-bhavcopy-legacy', '2021-01-06'))?.state).toBe('pending');
    replay.publish(url, bytes, 'application/zip');
    now += 5 * 60_000; // before its retry is due
    expect(legacy(await sync.tick(datasets))).toEqual([]);
    now += 15 * 60_000;
    expect(legacy(await sync.tick(datasets))).toEqual(['fetched']);
    await follower.harness.project();
    const { rows } = await follower.harness.db.query<{ n: number }>(
      `select count(*)::int as n from ${CANDLES} where start >= '2021-01-06' and start < '2021-01-07'`,
    );
    expect(rows[0]?.n).toBeGreaterThan(1000);
    expect((await sync.progress.unit('nse-bhavcopy-legacy', '2021-01-06'))?.state).toBe('done');
  });

  it("keeps each host within its budget, sends a browser's headers, and warms NSE's cookie session before its API", async () => {
    const rps = 3;
    const started = replay.requests.length;
    const sync = syncFor(follower, replay, { rps });
    const reports = [
      ...(await Promise.all([
        sync.backfill(selectDatasets(['nse-bhavcopy-full']).datasets, '2021-01-11', '2021-01-22'),
        sync.backfill(selectDatasets(['nse-results']).datasets, '2024-10-01', '2025-01-31'),
      ])),
    ].flat();
    expect(reports.filter((r) => r.outcome === 'blocked' || r.outcome === 'failed')).toEqual([]);
    const requests = replay.requests.slice(started);
    expect(requests.some((r) => r.status === 429)).toBe(true);
    for (const host of ['nse-www', 'nse-archives'] as const) {
      const times = requests.filter((r) => r.host === host).map((r) => r.at);
      expect(times.length).toBeGreaterThan(rps + 1);
      // No rps + 1 requests inside one second. Times are taken where the replay receives them, on
      // the event loop the client shares: a tenth of a second is left for that loop's delays under
      // load (without spacing, rps + 1 requests arrive within a few milliseconds).
      for (let i = 0; i + rps < times.length; i++) expect((times[i + rps] ?? 0) - (times[i] ?? 0)).toBeGreaterThanOrEqual(900);
    }
    for (const request of requests) {
      expect(request.headers['user-agent']).toMatch(/^Mozilla\/5\.0/);
      expect(request.headers.referer).toMatch(/\/nse-www\/$|\/bse-www\/$/);
    }
    const api = requests.filter((r) => r.host === 'nse-www' && r.path.startsWith('/api/'));
    expect(api.length).toBeGreaterThan(0);
    expect(api.every((r) => /nsit=/.test(r.headers.cookie ?? ''))).toBe(true);
  });
});
