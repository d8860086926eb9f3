import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SqlExecutor } from '#platform/db/db';
import { createDomainEventStore } from '#platform/event-store/domain-event-store';
import type { EventStore } from '#platform/event-store/event-store';
import type { DomainEvent } from '#schemas/events/catalogue';
import { catchUp } from '#platform/projector/catch-up';
import { type Projection, quoteIdentifier } from '#platform/projector/projection';
import { getProjectionStatus } from '#platform/projector/projection-status';
import { type OpenedTestDatabase, pglite } from '../../test/support/databases.ts';
import { createCompaniesProjection } from './projection.ts';
import { ANCHORS, COMPANIES, COMPANY_ALIASES, COMPANY_IDENTIFIERS, INSTRUMENTS, PENDING } from './tables.ts';

/** Every table's rows as sorted JSON. */
async function rowsOf(db: SqlExecutor, projection: Projection): Promise<Record<string, string[]>> {
  const dump: Record<string, string[]> = {};
  for (const table of projection.tables) {
    const { rows } = await db.query<{ row: object }>(`select to_jsonb(t) as row from ${quoteIdentifier(table)} t`);
    dump[table] = rows.map(({ row }) => JSON.stringify(row, Object.keys(row).sort())).sort();
  }
  return dump;
}

/**
 * What a reader may rely on after any commit: no identifier resolves to two companies on one
 * day, and every anchor, alias, identifier and instrument names a company that exists.
 */
async function inconsistencies(tx: SqlExecutor): Promise<Record<string, number>> {
  const { rows } = await tx.query<Record<string, number>>(
    `select
       (select count(*)::int from ${COMPANY_IDENTIFIERS} a join ${COMPANY_IDENTIFIERS} b
          on a.scheme = b.scheme and a.value = b.value and a.company_id < b.company_id
        where a.scheme <> 'name' and daterange(a.resolve_from, a.resolve_to) && daterange(b.resolve_from, b.resolve_to)) as resolving_twice,
       (select count(*)::int from ${ANCHORS} x where not exists (select 1 from ${COMPANIES} c where c.company_id = x.company_id)) as anchors,
       (select count(*)::int from ${COMPANY_ALIASES} x where not exists (select 1 from ${COMPANIES} c where c.company_id = x.company_id)) as aliases,
       (select count(*)::int from ${COMPANY_IDENTIFIERS} x where not exists (select 1 from ${COMPANIES} c where c.company_id = x.company_id)) as identifiers,
       (select count(*)::int from ${INSTRUMENTS} x
        where x.company_id is not null and not exists (select 1 from ${COMPANIES} c where c.company_id = x.company_id)) as instruments`,
  );
  return rows[0] ?? {};
}

const NONE = { resolving_twice: 0, anchors: 0, aliases: 0, identifiers: 0, instruments: 0 };
const CRASH_AT = 25;

/**
 * The bundled sample's identity statements projected twice from its events: with slices
 * larger than anything in it (all the anchors a batch changes derived in one transaction, as
 * before slices), and in small slices (61 anchors, then 211 instruments, per transaction)
 * with a crash inside the 25th step, among the anchors of the first lists, then a
 * restart. Every table comes out the same, and every transaction commits a consistent master.
 */
describe('companies: derived in slices, with a crash between them, as derived at once [pglite]', () => {
  let sample: OpenedTestDatabase;
  let store: EventStore<DomainEvent>;
  let atOnce: OpenedTestDatabase;
  let sliced: OpenedTestDatabase;
  let batchByBatch: OpenedTestDatabase;
  let batchByBatchSlices = 0;
  const whole = createCompaniesProjection({ anchors: Number.MAX_SAFE_INTEGER, instruments: Number.MAX_SAFE_INTEGER });
  const small = createCompaniesProjection({ anchors: 61, instruments: 211 });
  const seen: Array<Record<string, number>> = [];
  let slices = 0;
  /** The small-slice projection, checking what each transaction is about to commit, and crashing in slice CRASH_AT. */
  const checked: Projection = {
    ...small,
    evolve: async (tx, events, prepared) => {
      const progress = await small.evolve(tx, events, prepared);
      seen.push(await inconsistencies(tx));
      return progress;
    },
    resume: async (tx, context) => {
      const progress = await (small.resume as NonNullable<Projection['resume']>)(tx, context);
      seen.push(await inconsistencies(tx));
      slices += 1;
      if (slices === CRASH_AT) throw new Error('simulated crash in a slice');
      return progress;
    },
  };

  /** What the sliced database held after the crash, before the restart. */
  let crashed: { error: unknown; lag: number; status: string; pending: number; companies: number; slices: number };
  const companiesIn = async (db: SqlExecutor) =>
    (await db.query<{ n: number }>(`select count(*)::int as n from ${COMPANIES}`)).rows[0]?.n ?? 0;

  beforeAll(async () => {
    const opened = await pglite.openSample();
    if (!opened) throw new Error('this suite needs the sample template of the int project (vitest --project int)');
    sample = opened;
    store = createDomainEventStore(sample);
    atOnce = await pglite.open();
    sliced = await pglite.open();
    batchByBatch = await pglite.open();
    await catchUp(atOnce, store, [whole]);
    // Each batch's work finished before the next batch is applied, as before batches joined it.
    const unjoined: Projection = {
      ...small,
      joinsDeferredWork: false,
      resume: (tx, context) => {
        batchByBatchSlices += 1;
        return (small.resume as NonNullable<Projection['resume']>)(tx, context);
      },
    };
    await catchUp(batchByBatch, store, [unjoined]);

    const error: unknown = await catchUp(sliced, store, [checked]).then(
      () => undefined,
      (e: unknown) => e,
    );
    const status = await getProjectionStatus(sliced, store, small);
    const { rows } = await sliced.query<{ n: number }>(`select count(*)::int as n from ${PENDING}`);
    crashed = { error, lag: status.lag, status: status.status, pending: rows[0]?.n ?? 0, companies: await companiesIn(sliced), slices };
    // A restart: a new catch-up, reading only what the database holds.
    await catchUp(sliced, store, [checked]);
  }, 600_000);
  afterAll(async () => {
    await store?.close();
    await Promise.all([sample?.close(), atOnce?.close(), sliced?.close(), batchByBatch?.close()]);
  });

  it('leaves the checkpoint before the batch whose slices a crash interrupted, with its work recorded', async () => {
    expect(crashed.error).toBeInstanceOf(Error);
    expect((crashed.error as Error).message).toMatch(/simulated crash/);
    expect(crashed).toMatchObject({ status: 'rebuilding', slices: CRASH_AT });
    expect(crashed.lag).toBeGreaterThan(0);
    expect(crashed.pending).toBeGreaterThan(0);
    expect(crashed.companies).toBeGreaterThan(0);
    expect(crashed.companies).toBeLessThan(await companiesIn(atOnce));
  });

  it('resumes after the restart and ends with every row as derived at once', async () => {
    expect(await getProjectionStatus(sliced, store, small)).toMatchObject({ status: 'live', lag: 0 });
    expect(slices).toBeGreaterThan(CRASH_AT + 20);
    expect(await rowsOf(sliced, small)).toEqual(await rowsOf(atOnce, whole));
  });

  it('derives the lists once for the batches stored after them, not once per batch, to the same rows', async () => {
    expect(slices).toBeLessThan(batchByBatchSlices);
    expect(await rowsOf(batchByBatch, small)).toEqual(await rowsOf(atOnce, whole));
  });

  it('commits a consistent master in every transaction', () => {
    expect(seen.length).toBeGreaterThan(slices);
    expect(seen.filter((counts) => JSON.stringify(counts) !== JSON.stringify(NONE))).toEqual([]);
  });
});
