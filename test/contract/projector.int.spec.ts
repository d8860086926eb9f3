import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DomainEvent } from '#schemas/events/catalogue';
import { factsProjection } from '#projections/facts/projection';
import { FACTS } from '#projections/facts/tables';
import { PROJECTIONS } from '#projections';
import { migrate } from '#platform/db/migrate';
import { openPglite } from '#platform/pglite/pglite';
import { createDomainEventStore } from '#platform/event-store/domain-event-store';
import type { StoredEvent } from '#platform/event-store/event-store';
import { catchUp } from '#platform/projector/catch-up';
import { ensureProjection } from '#platform/projector/checkpoints';
import type { EvolveContext, Projection } from '#platform/projector/projection';
import { getProjectionStatus } from '#platform/projector/projection-status';
import { rebuildProjection } from '#platform/projector/rebuild';
import { runProjector } from '#platform/projector/run-projector';
import { annualPeriod, givenFact, givenFinancialsReported, quarterPeriod } from '../support/builders.ts';
import { countingProjection, dumpTable, resetCounting, SEEN, seenCounts } from '../support/counting-projection.ts';
import { appliedCounts, deferringProjection, resetDeferring } from '../support/deferring-projection.ts';
import { describeEachDatabase } from '../support/databases.ts';
import { type Harness, openHarness } from '../support/service-harness.ts';

const filing = (companyId: string, day: number, value: string) =>
  givenFinancialsReported({
    companyId,
    knownAt: new Date(Date.UTC(2024, 0, 1 + day)).toISOString(),
    facts: [givenFact('Revenue', value, annualPeriod(2024)), givenFact('ProfitAfterTax', value, quarterPeriod(2024, 4))],
  });

const FACT_ORDER = 'company_id, concept, basis, period_type, period_end, known_at, filing_id';

async function until(condition: () => Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/**
 * Waits until catch-up sees every event appended so far: on a shared server, another test
 * database's open transaction holds back what any catch-up may read (ADR 1), and these
 * tests count what one catch-up applies.
 */
async function untilVisible(harness: Harness): Promise<void> {
  const probe: Projection = {
    ...countingProjection(),
    name: `visible_${randomUUID().slice(0, 8)}`,
    tables: [],
    evolve: async () => undefined,
  };
  await until(async () => {
    await catchUp(harness.db, harness.store, [probe], { batchSize: 1000 });
    return (await getProjectionStatus(harness.db, harness.store, probe)).lag === 0;
  }, 120_000);
}

describeEachDatabase('projector', (database) => {
  let harness: Harness;
  beforeAll(async () => {
    harness = await openHarness(database);
  });
  afterAll(() => harness.close());

  /** The deferring projection set up afresh, with 12 more filings stored: its lag, every event to apply. */
  async function givenDeferringProjectionBehind(): Promise<number> {
    await resetDeferring(harness.db);
    await harness.append(...Array.from({ length: 12 }, (_, i) => filing(randomUUID(), i, String(i))));
    await untilVisible(harness);
    const total = (await getProjectionStatus(harness.db, harness.store, deferringProjection({ part: 1 }))).lag;
    expect(total).toBeGreaterThanOrEqual(12);
    return total;
  }

  /** A restart's catch-up: every one of `total` events applied exactly once, the projection live. */
  async function restartsAndAppliesEachOnce(restarted: Projection, total: number): Promise<void> {
    await catchUp(harness.db, harness.store, [restarted], { batchSize: 5 });
    expect(await appliedCounts(harness.db)).toEqual({ applied: total, maxTimes: 1, toApply: 0 });
    expect(await getProjectionStatus(harness.db, harness.store, restarted)).toMatchObject({
      status: 'live',
      lag: 0,
      eventsProjected: total,
      lastError: null,
    });
  }

  it('applies a failing batch not at all, and resumes from the checkpoint after a restart', async () => {
    const companyId = randomUUID();
    const events = Array.from({ length: 12 }, (_, i) => filing(companyId, i, String(100 + i)));
    await harness.append(...events);
    await untilVisible(harness);
    const poison = events[7]?.id;

    const crashing = countingProjection({ failOn: (e) => e.id === poison });
    await expect(catchUp(harness.db, harness.store, [crashing], { batchSize: 5 })).rejects.toThrow(/simulated crash/);
    // Batch one (events 1-5) committed; batch two held the poison event and left no trace.
    expect(await seenCounts(harness.db)).toEqual({ distinct: 5, maxTimes: 1 });

    const restarted = countingProjection();
    await catchUp(harness.db, harness.store, [restarted], { batchSize: 5 });
    expect(await seenCounts(harness.db)).toEqual({ distinct: 12, maxTimes: 1 });
  });

  it('holds no more events in a transaction than the projection allows, whatever the batch size', async () => {
    await harness.append(...Array.from({ length: 7 }, (_, i) => filing(randomUUID(), 20 + i, String(i))));
    await untilVisible(harness);
    const sizes: number[] = [];
    const counting = { ...countingProjection(), name: `capped_${randomUUID().slice(0, 8)}`, tables: [] };
    const capped: Projection = {
      ...counting,
      maxBatchSize: { pglite: 3, postgres: 3 },
      evolve(tx, events, prepared) {
        sizes.push(events.length);
        return counting.evolve(tx, events, prepared);
      },
    };
    const projected = (await catchUp(harness.db, harness.store, [capped], { batchSize: 100 }))[capped.name] ?? 0;
    expect(projected).toBeGreaterThanOrEqual(7);
    expect(sizes.reduce((a, b) => a + b, 0)).toBe(projected);
    expect(Math.max(...sizes)).toBe(3);
    expect(sizes).toHaveLength(Math.ceil(projected / 3));
  });

  it('shows the lag until the projection has caught up, then goes live', async () => {
    const projection: Projection = { ...countingProjection(), name: `lag_${randomUUID().slice(0, 8)}`, tables: [] };
    await untilVisible(harness);
    const before = await getProjectionStatus(harness.db, harness.store, projection);
    expect(before.status).toBe('missing');
    expect(before.lag).toBeGreaterThan(0);
    expect(before.headPosition).toBeGreaterThan(0);

    await catchUp(harness.db, harness.store, [{ ...projection, evolve: async () => undefined }], { batchSize: 1000 });
    const after = await getProjectionStatus(harness.db, harness.store, projection);
    expect(after).toMatchObject({ status: 'live', lag: 0, eventsProjected: before.lag, lastError: null });

    await harness.append(filing(randomUUID(), 1, '5'));
    expect((await getProjectionStatus(harness.db, harness.store, projection)).lag).toBe(1);
  });

  it('rebuilds a projection from position 0 into exactly the same rows', async () => {
    await harness.append(...Array.from({ length: 10 }, (_, i) => filing(randomUUID(), 3 + i, String(42 + i))));
    await harness.project();
    const live = await dumpTable(harness.db, FACTS, FACT_ORDER);
    expect(live.length).toBeGreaterThan(0);

    // Until the swap, readers get the old rows from a live projection.
    const during: unknown[][] = [];
    const result = await rebuildProjection(harness.db, harness.store, factsProjection, {
      batchSize: 3,
      onProgress: async () => {
        expect(await getProjectionStatus(harness.db, harness.store, factsProjection)).toMatchObject({ status: 'live' });
        during.push(await dumpTable(harness.db, FACTS, FACT_ORDER));
      },
    });
    expect(during.length).toBeGreaterThan(3);
    expect(during.every((rows) => JSON.stringify(rows) === JSON.stringify(live))).toBe(true);
    expect(result.projected).toBe((await getProjectionStatus(harness.db, harness.store, factsProjection)).eventsProjected);

    expect(await getProjectionStatus(harness.db, harness.store, factsProjection)).toMatchObject({ status: 'live', lag: 0 });
    expect(await dumpTable(harness.db, FACTS, FACT_ORDER)).toEqual(live);
    const leftovers = await harness.db.query(
      `select nspname from pg_namespace where nspname like 'rebuild\\_%'
       union all select projection from es_checkpoints where projection like '%@rebuild'`,
    );
    expect(leftovers.rows).toEqual([]);
  });

  it('leaves the live tables serving when a rebuild fails, and the next rebuild starts over', async () => {
    await harness.append(...Array.from({ length: 8 }, (_, i) => filing(randomUUID(), i, String(i))));
    await resetCounting(harness.db);
    await harness.project();
    await catchUp(harness.db, harness.store, [countingProjection()]);
    const live = await seenCounts(harness.db);
    expect(live.distinct).toBeGreaterThan(6);
    const { rows } = await harness.db.query<{ id: string }>(
      `select event_id::text as id from ${SEEN} order by global_position limit 1 offset 5`,
    );
    const poison = rows[0]?.id;

    const failing = countingProjection({ failOn: (event) => event.id === poison });
    await expect(rebuildProjection(harness.db, harness.store, failing, { batchSize: 2 })).rejects.toThrow(/simulated crash/);
    expect(await seenCounts(harness.db)).toEqual(live);
    expect(await getProjectionStatus(harness.db, harness.store, countingProjection())).toMatchObject({ status: 'live', lag: 0 });
    const leftover = await harness.db.query(`select count(*)::int8 as n from rebuild_test_seen.${SEEN}`);
    expect(leftover.rows[0]).toEqual({ n: 4 });

    await rebuildProjection(harness.db, harness.store, countingProjection(), { batchSize: 2 });
    expect(await seenCounts(harness.db)).toEqual({ distinct: live.distinct, maxTimes: 1 });
    const schemas = await harness.db.query(`select 1 from pg_namespace where nspname = 'rebuild_test_seen'`);
    expect(schemas.rows).toEqual([]);
  });

  it('builds a new projection version beside the old one and drops the old tables once live', async () => {
    const v1: Projection = { ...countingProjection(), name: 'versioned', tables: ['rm_versioned_v1'] };
    const tableFor = (version: number) => `rm_versioned_v${version}`;
    const versioned = (version: number): Projection => ({
      ...v1,
      version,
      tables: [tableFor(version)],
      setup: (tx) => tx.query(`create table if not exists ${tableFor(version)} (id uuid primary key)`).then(() => undefined),
      evolve: (tx, events) =>
        tx
          .query(`insert into ${tableFor(version)} select unnest($1::uuid[]) on conflict do nothing`, [events.map((e) => e.id)])
          .then(() => undefined),
    });
    await catchUp(harness.db, harness.store, [versioned(1)]);
    const tables = async () =>
      (
        await harness.db.query<{ tablename: string }>(
          `select tablename from pg_tables where tablename like 'rm_versioned_v%' order by tablename`,
        )
      ).rows.map((r) => r.tablename);
    expect(await tables()).toEqual(['rm_versioned_v1']);

    await catchUp(harness.db, harness.store, [versioned(2)]);
    expect(await tables()).toEqual(['rm_versioned_v2']);
    const { rows } = await harness.db.query(`select count(*)::int8 as n from rm_versioned_v2`);
    expect(rows[0]).toEqual({ n: (await getProjectionStatus(harness.db, harness.store, versioned(2))).eventsProjected });
  });

  it('records the tables a version owns when its setup adds one, so the next version drops them all', async () => {
    const name = `grown_${randomUUID().slice(0, 8)}`;
    const owning = (tables: string[]): Projection => ({
      ...countingProjection(),
      name,
      tables,
      setup: async (tx) => {
        for (const table of tables) await tx.query(`create table if not exists ${table} (id uuid primary key)`);
      },
    });
    await ensureProjection(harness.db, owning([`rm_${name}_a_v1`]));
    await ensureProjection(harness.db, owning([`rm_${name}_a_v1`, `rm_${name}_b_v1`]));
    const { rows } = await harness.db.query('select tables from es_checkpoints where projection = $1', [name]);
    expect(rows).toEqual([{ tables: [`rm_${name}_a_v1`, `rm_${name}_b_v1`] }]);
  });

  it('keeps running: projects events appended while it waits, records a failure and retries', async () => {
    const controller = new AbortController();
    let failures = 1;
    const flaky: Projection = {
      ...countingProjection(),
      name: `flaky_${randomUUID().slice(0, 8)}`,
      tables: [],
      evolve: async (_tx, events: readonly StoredEvent<DomainEvent>[]) => {
        if (events.length > 0 && failures-- > 0) throw new Error('transient failure');
      },
    };
    const running = runProjector({
      db: harness.db,
      store: harness.store,
      projections: [...PROJECTIONS, flaky],
      signal: controller.signal,
      idleTimeoutMs: 200,
    });
    const companyId = randomUUID();
    await harness.append(filing(companyId, 9, '77'));
    await until(async () => (await getProjectionStatus(harness.db, harness.store, flaky)).lastError !== null);
    await until(async () => {
      const { rows } = await harness.db.query(`select 1 from ${FACTS} where company_id = $1`, [companyId]);
      return rows.length > 0;
    });
    await until(async () => (await getProjectionStatus(harness.db, harness.store, flaky)).lag === 0);
    expect(await getProjectionStatus(harness.db, harness.store, flaky)).toMatchObject({ status: 'live', lastError: null });
    controller.abort();
    await running;
  });

  it('delivers each event once even with two runners on the same projection', async () => {
    await resetCounting(harness.db);
    const total = (await getProjectionStatus(harness.db, harness.store, countingProjection())).lag;
    const controller = new AbortController();
    const runners = [1, 2].map(() =>
      runProjector({
        db: harness.db,
        store: harness.store,
        projections: [countingProjection({ delayMs: 5 })],
        signal: controller.signal,
        batchSize: 3,
        idleTimeoutMs: 100,
      }),
    );
    await until(async () => (await seenCounts(harness.db)).distinct === total);
    controller.abort();
    await Promise.all(runners);
    expect(await seenCounts(harness.db)).toEqual({ distinct: total, maxTimes: 1 });
  });

  it('finishes a deferred batch in several transactions, moving the checkpoint with the last, and resumes it after a crash', async () => {
    const total = await givenDeferringProjectionBehind();

    // Batches of 5 events, 2 applied per transaction: the first batch takes parts 1 to 3, the
    // second starts with part 4 and crashes in part 5.
    const crashing = deferringProjection({ part: 2, failAtPart: 5 });
    await expect(catchUp(harness.db, harness.store, [crashing], { batchSize: 5 })).rejects.toThrow(/simulated crash in part 5/);
    expect(await appliedCounts(harness.db)).toEqual({ applied: 7, maxTimes: 1, toApply: 3 });
    // The checkpoint stays before the unfinished batch: its events still count as lag.
    expect(await getProjectionStatus(harness.db, harness.store, crashing)).toMatchObject({
      status: 'rebuilding',
      lag: total - 5,
      eventsProjected: 5,
    });

    const restarted = deferringProjection({ part: 2 });
    await restartsAndAppliesEachOnce(restarted, total);
  });

  it('lets the batches stored after unfinished work join it when the projection allows, each event applied once, across a crash', async () => {
    const total = await givenDeferringProjectionBehind();
    const contexts: Array<boolean | undefined> = [];
    const joins = (context: EvolveContext | undefined) => contexts.push(context?.deferred);

    // Batches of 5, 2 applied per transaction: the first batch applies 2 and leaves 3; every later
    // batch joins them (none is applied by its own evolve), then resume applies 2 at a time and
    // crashes in its second part.
    const crashing = deferringProjection({ part: 2, failAtPart: 3, joins });
    await expect(catchUp(harness.db, harness.store, [crashing], { batchSize: 5 })).rejects.toThrow(/simulated crash in part 3/);
    expect(contexts).toEqual([false, ...Array.from({ length: Math.ceil(total / 5) - 1 }, () => true)]);
    expect(await appliedCounts(harness.db)).toEqual({ applied: 4, maxTimes: 1, toApply: total - 4 });
    // Nothing is counted as projected until the joined work is done: all of it is lag.
    expect(await getProjectionStatus(harness.db, harness.store, crashing)).toMatchObject({ lag: total, eventsProjected: 0 });

    const restarted = deferringProjection({ part: 2, joins });
    await restartsAndAppliesEachOnce(restarted, total);
  });

  it('rebuilds a deferring projection, finishing in the swap the work of the events it projects there', async () => {
    // The live tables are left with a batch unfinished: the swap replaces it with the rebuild's state.
    await harness.append(...Array.from({ length: 12 }, (_, i) => filing(randomUUID(), i, String(i))));
    await untilVisible(harness);
    const crashing = deferringProjection({ part: 3, failAtPart: 2 });
    await expect(catchUp(harness.db, harness.store, [crashing], { batchSize: 10 })).rejects.toThrow(/simulated crash in part 2/);
    expect((await appliedCounts(harness.db)).toApply).toBeGreaterThan(0);
    let appended = 0;
    await rebuildProjection(harness.db, harness.store, deferringProjection({ part: 3 }), {
      batchSize: 5,
      onProgress: async ({ phase }) => {
        if (phase !== 'swapping' || appended > 0) return;
        const events = Array.from({ length: 7 }, (_, i) => filing(randomUUID(), i, String(i)));
        await harness.append(...events);
        appended = events.length;
      },
    });
    expect(appended).toBe(7);
    const status = await getProjectionStatus(harness.db, harness.store, deferringProjection({ part: 3 }));
    // Whatever the swap projected is finished (none left to apply); the rest is lag.
    expect(await appliedCounts(harness.db)).toEqual({ applied: status.eventsProjected, maxTimes: 1, toApply: 0 });
    // On a shared server another database's open transaction can hold the appended events back.
    await untilVisible(harness);
    await catchUp(harness.db, harness.store, [deferringProjection({ part: 3 })]);
    const after = await getProjectionStatus(harness.db, harness.store, deferringProjection({ part: 3 }));
    expect(after).toMatchObject({ status: 'live', lag: 0 });
    expect(await appliedCounts(harness.db)).toEqual({ applied: after.eventsProjected, maxTimes: 1, toApply: 0 });
  });

  it('delivers each event once with two runners on a projection that defers', async () => {
    await resetDeferring(harness.db);
    const total = (await getProjectionStatus(harness.db, harness.store, deferringProjection({ part: 1 }))).lag;
    const controller = new AbortController();
    const runners = [1, 2].map(() =>
      runProjector({
        db: harness.db,
        store: harness.store,
        projections: [deferringProjection({ part: 2 })],
        signal: controller.signal,
        batchSize: 5,
        idleTimeoutMs: 100,
      }),
    );
    await until(async () => (await appliedCounts(harness.db)).applied === total);
    controller.abort();
    await Promise.all(runners);
    expect(await appliedCounts(harness.db)).toEqual({ applied: total, maxTimes: 1, toApply: 0 });
    expect(await getProjectionStatus(harness.db, harness.store, deferringProjection({ part: 2 }))).toMatchObject({
      lag: 0,
      lastError: null,
    });
  });
});

describe('projector on PGlite: a stop between append and projection loses nothing [pglite]', () => {
  const dataDir = path.join(tmpdir(), `imd-restart-${randomUUID()}`);
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it('projects on restart what was appended before the process stopped', async () => {
    const companyId = randomUUID();
    const first = await openPglite(dataDir);
    await migrate(first);
    const store = createDomainEventStore(first);
    await catchUp(first, store, PROJECTIONS);
    for (let i = 0; i < 5; i++) {
      const event = filing(companyId, i, String(i));
      await store.appendToStream(`filing-${event.data.filingId}`, [event]);
    }
    await store.close();
    await first.close();

    const second = await openPglite(dataDir);
    await migrate(second);
    const reopened = createDomainEventStore(second);
    expect((await getProjectionStatus(second, reopened, factsProjection)).lag).toBe(5);
    await catchUp(second, reopened, PROJECTIONS);
    const { rows } = await second.query(`select count(*)::int8 as n from ${FACTS} where company_id = $1`, [companyId]);
    expect(rows[0]).toEqual({ n: 10 });
    await reopened.close();
    await second.close();
  });
});
