import { beforeAll, expect, it } from 'vitest';
import { companiesProjection } from '#projections/companies/projection';
import { factsProjection } from '#projections/facts/projection';
import { FACTS } from '#projections/facts/tables';
import { PROJECTIONS } from '#projections';
import { CompaniesResponseSchema } from '#schemas/api/companies';
import { FinancialsResponseSchema } from '#schemas/api/financials';
import type { Database, SqlExecutor } from '#platform/db/db';
import { getProjectionStatus } from '#platform/projector/projection-status';
import { rebuildProjection } from '#platform/projector/rebuild';
import { runProjector } from '#platform/projector/run-projector';
import { checkDataset, findDataset } from '#read/datasets/dataset-status';
import { createDatasetGate } from '#read/datasets/dataset-gate';
import { givenApi } from '../support/api-harness.ts';
import { annualPeriod, givenCompanyRegistered, givenFact, givenFinancialsReported, quarterPeriod } from '../support/builders.ts';
import { cleanProjection, dumpProjection } from '../support/clean-projection.ts';
import { describeEachDatabase, describePostgres } from '../support/databases.ts';
import { settled } from '../support/settled.ts';
import { suiteHarness } from '../support/suite-harness.ts';

const COMPANIES = 8;
const FILINGS_PER_COMPANY = 8;
// Small batches make a rebuild many transactions long, so the readers run between them.
const BATCH = 4;

const symbolOf = (n: number) => `RBLD${String.fromCharCode(65 + n)}`;
// The readers ask for the first COMPANIES; the last one receives the filings appended during the rebuilds.
const LATE = COMPANIES;
const companies = Array.from({ length: COMPANIES + 1 }, (_, n) =>
  givenCompanyRegistered({ name: `Rebuild Test ${symbolOf(n)} Ltd`, nseSymbol: symbolOf(n) }),
);
let filed = 0;
/** A filing of company `n` with a revenue and a quarterly profit, each filing a day later than the last. */
const filingOf = (n: number) => {
  filed += 1;
  return givenFinancialsReported({
    companyId: companies[n]?.data.companyId ?? '',
    knownAt: new Date(Date.UTC(2023, 0, 1) + filed * 86_400_000).toISOString(),
    facts: [
      givenFact('Revenue', String(1000 + filed), annualPeriod(2020 + (filed % 5))),
      givenFact('ProfitAfterTax', String(filed), quarterPeriod(2024, ((filed % 4) + 1) as 1 | 2 | 3 | 4)),
    ],
  });
};

interface Tally {
  requests: number;
  statuses: Record<number, number>;
  empty: number;
  /** 200s whose rows differ from the answer before the rebuild (a partly built table). */
  changed: number;
  failures: string[];
}

describeEachDatabase('rebuilding projections while the API serves', (database) => {
  const api = givenApi(database, { ingest: false });
  const harness = () => api.service.harness;

  beforeAll(async () => {
    await harness().append(...companies);
    for (let f = 0; f < FILINGS_PER_COMPANY; f++) {
      for (let n = 0; n <= COMPANIES; n++) await harness().append(filingOf(n));
    }
    await harness().project();
  });

  const urlOf = (i: number) => {
    const symbol = symbolOf(i % COMPANIES);
    return i % 3 === 2 ? `/v1/companies?q=${encodeURIComponent(`Rebuild Test ${symbol}`)}` : `/v1/financials?ticker=${symbol}&limit=50`;
  };
  const rowsOf = (url: string, body: unknown): unknown[] =>
    url.startsWith('/v1/companies') ? CompaniesResponseSchema.parse(body).data : FinancialsResponseSchema.parse(body).data;

  /**
   * Readers in a loop until `stop`. Every answer must be a 200 with the rows it had before
   * the rebuild: every company asked for has data, and nothing is filed for them meanwhile.
   */
  async function readers(count: number, stop: { done: boolean }): Promise<{ tally: Tally; finished: Promise<void> }> {
    const expected = new Map<string, string>();
    for (let i = 0; i < 3 * COMPANIES; i++) {
      const response = await api.get(urlOf(i));
      expected.set(urlOf(i), JSON.stringify(rowsOf(urlOf(i), response.json())));
    }
    const tally: Tally = { requests: 0, statuses: {}, empty: 0, changed: 0, failures: [] };
    const read = async (reader: number) => {
      for (let i = reader; !stop.done; i += count) {
        // Each request in a task of its own, as requests from a socket come: PGlite answers
        // through promises alone, so a loop of requests would otherwise starve the timers.
        await new Promise((resolve) => setImmediate(resolve));
        const url = urlOf(i);
        const response = await api.get(url);
        tally.requests += 1;
        tally.statuses[response.statusCode] = (tally.statuses[response.statusCode] ?? 0) + 1;
        if (response.statusCode !== 200) {
          if (tally.failures.length < 5) tally.failures.push(`${response.statusCode} ${response.body.slice(0, 300)}`);
          continue;
        }
        const rows = rowsOf(url, response.json());
        if (rows.length === 0) {
          tally.empty += 1;
          if (tally.failures.length < 5) tally.failures.push(`empty 200 for ${url}`);
        } else if (JSON.stringify(rows) !== expected.get(url)) {
          tally.changed += 1;
          if (tally.failures.length < 5) tally.failures.push(`${rows.length} rows for ${url}, not as before`);
        }
      }
    };
    return { tally, finished: Promise.all(Array.from({ length: count }, (_, reader) => read(reader))).then(() => undefined) };
  }

  it('answers every request from the old tables or the new ones, and the result equals a clean projection', async () => {
    const { db, store } = harness();
    const controller = new AbortController();
    const projector = runProjector({ db, store, projections: PROJECTIONS, signal: controller.signal, idleTimeoutMs: 50 });
    const stop = { done: false };
    const load = await readers(4, stop);
    const during = { requests: 0, batches: 0 };
    for (const projection of [factsProjection, companiesProjection]) {
      const before = load.tally.requests;
      await rebuildProjection(db, store, projection, {
        batchSize: BATCH,
        onProgress: async ({ phase }) => {
          during.batches += 1;
          // New filings while the rebuild runs: the live projector puts them in the old tables,
          // the rebuild in the new ones.
          if (phase === 'building' && during.batches % 10 === 0) await harness().append(filingOf(LATE));
          // And a task boundary per batch, where the readers come in (PGlite's promises alone would not let them).
          await new Promise((resolve) => setImmediate(resolve));
        },
      });
      during.requests += load.tally.requests - before;
    }
    stop.done = true;
    await load.finished;
    await settled(db);
    const lagging = async () => (await Promise.all(PROJECTIONS.map((p) => getProjectionStatus(db, store, p)))).some((s) => s.lag > 0);
    const deadline = Date.now() + 60_000;
    while ((await lagging()) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 25));
    controller.abort();
    await projector;

    expect(load.tally.failures).toEqual([]);
    expect(load.tally).toMatchObject({ empty: 0, changed: 0, statuses: { 200: load.tally.requests } });
    expect(during.requests).toBeGreaterThan(20);
    for (const projection of [factsProjection, companiesProjection]) {
      expect(await getProjectionStatus(db, store, projection)).toMatchObject({ status: 'live', lag: 0, lastError: null });
      const rebuilt = await dumpProjection(db, projection);
      expect(Object.values(rebuilt).some((rows) => rows.length > 0)).toBe(true);
      expect(await cleanProjection(db, store, projection)).toEqual(rebuilt);
    }
  });

  it('puts the events appended during the rebuild, up to the swap itself, in the tables it swaps in', async () => {
    const { db, store } = harness();
    const duringBuild = filingOf(1);
    const beforeSwap = filingOf(2);
    const appended = { duringBuild: false, beforeSwap: false };
    await rebuildProjection(db, store, factsProjection, {
      batchSize: BATCH,
      onProgress: async ({ phase }) => {
        if (phase === 'building' && !appended.duringBuild) {
          appended.duringBuild = true;
          await harness().append(duringBuild);
        }
        // After the last catch-up outside the swap: only the swap's own catch-up can project it.
        if (phase === 'swapping' && !appended.beforeSwap) {
          appended.beforeSwap = true;
          await harness().append(beforeSwap);
          await settled(db);
        }
      },
    });
    expect(appended).toEqual({ duringBuild: true, beforeSwap: true });
    const { rows } = await db.query<{ filing_id: string }>(
      `select distinct filing_id::text as filing_id from ${FACTS} where filing_id = any($1::uuid[])`,
      [[duringBuild.data.filingId, beforeSwap.data.filingId]],
    );
    expect(rows.map((row) => row.filing_id).sort()).toEqual([duringBuild.data.filingId, beforeSwap.data.filingId].sort());
    expect(await getProjectionStatus(db, store, factsProjection)).toMatchObject({ status: 'live', lag: 0 });
    const rebuilt = await dumpProjection(db, factsProjection);
    expect(await cleanProjection(db, store, factsProjection)).toEqual(rebuilt);
  });

  it('keeps the dataset available through the rebuild and the swap', async () => {
    const { db, store } = harness();
    // No cache: every check reads the state as it is at that moment.
    const gate = createDatasetGate(db, 0);
    const unavailable: string[] = [];
    const check = async (when: string) => {
      const status = await checkDataset(db, findDataset('financials'));
      if (!status.available) unavailable.push(`${when}: ${status.reason}`);
      await gate.require('financials').catch((error: unknown) => unavailable.push(`${when}: ${String(error)}`));
    };
    let checks = 0;
    await rebuildProjection(db, store, factsProjection, {
      batchSize: BATCH,
      onProgress: async ({ phase, projected }) => {
        checks += 1;
        await check(`${phase} at ${projected}`);
      },
    });
    await check('after the swap');
    expect(checks).toBeGreaterThan(5);
    expect(unavailable).toEqual([]);
  });
});

describePostgres('swapping in rebuilt tables while readers hold the live ones', (database) => {
  const harness = suiteHarness(database);
  const count = async (db: SqlExecutor) => (await db.query<{ n: number }>(`select count(*)::int8 as n from ${FACTS}`)).rows[0]?.n;

  beforeAll(async () => {
    await harness.append(...companies);
    for (let f = 0; f < FILINGS_PER_COMPANY; f++) await harness.append(filingOf(f % COMPANIES));
    await harness.project();
  });

  /** A reader's transaction that holds the facts table (ACCESS SHARE) until `release` is called. */
  async function holdTable(db: Database): Promise<{ release: () => void; done: Promise<void> }> {
    let release = () => undefined as void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let holding = () => undefined as void;
    const held = new Promise<void>((resolve) => (holding = resolve));
    const done = db.transaction(async (tx) => {
      await count(tx);
      holding();
      await released;
    });
    await held;
    return { release, done };
  }

  /** Waits until `n` lock requests on the facts table are waiting. */
  async function waiting(db: Database, n: number): Promise<void> {
    for (;;) {
      const { rows } = await db.query<{ n: number }>(
        `select count(*)::int8 as n from pg_locks where relation = to_regclass($1) and not granted`,
        [FACTS],
      );
      if ((rows[0]?.n ?? 0) >= n) return;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  it('gives up the swap while a reader holds a table beyond the lock timeout, keeps serving the old tables, and tries again', async () => {
    const before = await count(harness.db);
    const holder = await holdTable(harness.db);
    const served: (number | undefined)[] = [];
    const result = await rebuildProjection(harness.db, harness.store, factsProjection, {
      batchSize: BATCH,
      swapLockTimeoutMs: 50,
      onProgress: async ({ phase }) => {
        if (phase !== 'swapping') return;
        served.push(await count(harness.db));
        // The first attempt meets the holder; the second finds the table free.
        if (served.length === 2) holder.release();
      },
    });
    await holder.done;
    expect(result.swapAttempts).toBe(2);
    expect(served).toEqual([before, before]);
    expect(await count(harness.db)).toBe(before);
    expect(await getProjectionStatus(harness.db, harness.store, factsProjection)).toMatchObject({ status: 'live', lag: 0 });
  });

  it('answers a reader that queued behind the swap from the new table, not with an error', async () => {
    const before = await count(harness.db);
    const holder = await holdTable(harness.db);
    let queued: Promise<number | undefined> | undefined;
    await rebuildProjection(harness.db, harness.store, factsProjection, {
      batchSize: BATCH,
      swapLockTimeoutMs: 60_000,
      onProgress: ({ phase }) => {
        if (phase !== 'swapping' || queued) return;
        queued = (async () => {
          await waiting(harness.db, 1); // the swap waits for the holder
          const reading = count(harness.db);
          await waiting(harness.db, 2); // and this reader for the swap
          holder.release();
          return reading;
        })();
      },
    });
    await holder.done;
    expect(await queued).toBe(before);
  });
});
