import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { annualPeriod, givenFact, givenFinancialsReported } from '../../../test/support/builders.ts';
import { countingProjection, resetCounting, SEEN } from '../../../test/support/counting-projection.ts';
import { describeEachDatabase } from '../../../test/support/databases.ts';
import { type Harness, openHarness } from '../../../test/support/service-harness.ts';
import { settled } from '../../../test/support/settled.ts';
import type { SqlExecutor } from '#platform/db/db';
import { catchUp } from './catch-up.ts';
import { runProjector } from './run-projector.ts';
import { analyzeChangedTables, PGLITE_STATISTICS_TARGET } from './table-statistics.ts';

const TABLE = 'rm_test_statistics_v1';

interface TableStatistics {
  /** Rows the planner believes the table has (-1: never analysed). */
  readonly reltuples: number;
  readonly changed: number;
  readonly analyses: number;
}

async function statisticsOf(db: SqlExecutor, table: string): Promise<TableStatistics> {
  const { rows } = await db.query<TableStatistics>(
    `select c.reltuples::float8 as reltuples, s.n_mod_since_analyze::float8 as changed, s.analyze_count::float8 as analyses
       from pg_class c join pg_stat_user_tables s on s.relid = c.oid where c.relname = $1`,
    [table],
  );
  const row = rows[0];
  if (!row) throw new Error(`no table ${table}`);
  return row;
}

/** Polls until `condition` holds: a server's connection that wrote outside a projection reports its counts when idle, up to 10 s later. */
async function until(condition: () => Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Waits until the statistics count at least `rows` rows changed since the last analysis (PGlite reports them when asked). */
async function untilCounted(db: SqlExecutor & { kind: string }, rows: number): Promise<void> {
  await until(async () => {
    if (db.kind === 'pglite') await db.query('select pg_stat_force_next_flush()');
    return (await statisticsOf(db, TABLE)).changed >= rows;
  });
}

const filing = (day: number) =>
  givenFinancialsReported({
    companyId: randomUUID(),
    knownAt: new Date(Date.UTC(2024, 0, 1 + day)).toISOString(),
    facts: [givenFact('Revenue', String(day), annualPeriod(2024))],
  });

describeEachDatabase('read-table statistics', (database) => {
  let harness: Harness;
  beforeAll(async () => {
    harness = await openHarness(database);
    await harness.db.query(`create table ${TABLE} (id integer primary key, value text)`);
  });
  afterAll(() => harness.close());

  const insert = (from: number, count: number) =>
    harness.db.query(`insert into ${TABLE} select i, 'v' || i from generate_series($1::int, $2::int) i`, [from, from + count - 1]);

  it('analyses a table once more of it changed than 50 rows and a tenth of what it had, as autovacuum would', async () => {
    const { db } = harness;
    await insert(1, 1_000);
    await untilCounted(db, 1_000);
    expect((await statisticsOf(db, TABLE)).reltuples).toBeLessThanOrEqual(0);

    expect(await analyzeChangedTables(db, [TABLE, 'rm_no_such_table_v1'])).toEqual([TABLE]);
    expect(await statisticsOf(db, TABLE)).toMatchObject({ reltuples: 1_000, changed: 0 });
    expect(await analyzeChangedTables(db, [TABLE])).toEqual([]);

    // 120 rows: under 50 + 10% of 1,000.
    await insert(1_001, 120);
    await untilCounted(db, 120);
    expect(await analyzeChangedTables(db, [TABLE])).toEqual([]);
    expect((await statisticsOf(db, TABLE)).reltuples).toBe(1_000);

    // 40 more: 160 in all, over the 150.
    await insert(1_121, 40);
    await untilCounted(db, 160);
    expect(await analyzeChangedTables(db, [TABLE])).toEqual([TABLE]);
    expect((await statisticsOf(db, TABLE)).reltuples).toBe(1_160);

    // The histogram of a column of distinct values has target + 1 bounds: PostgreSQL's default
    // target on a server, a smaller sample on PGlite, whose memory never shrinks.
    const { rows } = await db.query<{ bounds: number }>(
      `select array_length(histogram_bounds::text::text[], 1) as bounds from pg_stats where tablename = $1 and attname = 'id'`,
      [TABLE],
    );
    expect(rows[0]?.bounds).toBe(db.kind === 'pglite' ? PGLITE_STATISTICS_TARGET + 1 : 101);
  });

  it('a running projector analyses the tables it fills once it has caught up', async () => {
    const { db, store } = harness;
    await resetCounting(db);
    await harness.append(...Array.from({ length: 80 }, (_, day) => filing(day)));
    await settled(db);

    const controller = new AbortController();
    const running = runProjector({ db, store, projections: [countingProjection()], signal: controller.signal, idleTimeoutMs: 100 });
    try {
      await until(async () => (await statisticsOf(db, SEEN)).reltuples >= 80);
    } finally {
      controller.abort();
      await running;
    }
    expect((await statisticsOf(db, SEEN)).analyses).toBeGreaterThanOrEqual(1);
  });

  it('a catch-up analyses the tables it filled as soon as it has caught up', async () => {
    const { db, store } = harness;
    await resetCounting(db);
    await harness.append(...Array.from({ length: 60 }, (_, day) => filing(200 + day)));
    await settled(db);
    const projected = (await catchUp(db, store, [countingProjection()]))[countingProjection().name] ?? 0;
    expect(projected).toBeGreaterThanOrEqual(60);
    expect((await statisticsOf(db, SEEN)).reltuples).toBe(projected);
  });
});
