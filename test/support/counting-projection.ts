import type { DomainEvent } from '#schemas/events/catalogue';
import type { SqlExecutor } from '#platform/db/db';
import type { StoredEvent } from '#platform/event-store/event-store';
import { ensureProjection } from '#platform/projector/checkpoints';
import type { Projection } from '#platform/projector/projection';

export const SEEN = 'rm_test_seen_v1';

export interface CountingOptions {
  /** Pause inside each batch's transaction, to widen the window for crashes and races. */
  readonly delayMs?: number;
  /** Throws while applying the batch that holds this event. */
  readonly failOn?: (event: StoredEvent<DomainEvent>) => boolean;
}

/**
 * Counts how many times each event was applied: exactly-once delivery means every
 * event appears once with `times` = 1.
 */
export function countingProjection(options: CountingOptions = {}): Projection {
  return {
    name: 'test_seen',
    version: 1,
    handles: ['FinancialsReported', 'CompanyRegistered'],
    tables: [SEEN],
    async setup(tx: SqlExecutor) {
      await tx.query(`create table if not exists ${SEEN} (
        event_id uuid primary key, global_position bigint not null, times integer not null
      )`);
    },
    async evolve(tx, events) {
      await tx.query(
        `insert into ${SEEN} (event_id, global_position, times)
         select id, position, 1 from unnest($1::uuid[], $2::bigint[]) as u(id, position)
         on conflict (event_id) do update set times = ${SEEN}.times + 1`,
        [events.map((e) => e.id), events.map((e) => e.position)],
      );
      if (options.delayMs) await new Promise((resolve) => setTimeout(resolve, options.delayMs));
      const failing = events.find((event) => options.failOn?.(event));
      if (failing) throw new Error(`simulated crash while projecting ${failing.id}`);
    },
  };
}

/** Sets the counting projection up afresh: an empty table and a checkpoint at position 0. */
export async function resetCounting(db: SqlExecutor): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query('delete from es_checkpoints where projection = $1', [countingProjection().name]);
    await tx.query(`drop table if exists ${SEEN}`);
  });
  await ensureProjection(db, countingProjection());
}

export async function seenCounts(db: SqlExecutor): Promise<{ distinct: number; maxTimes: number }> {
  const { rows } = await db.query<{ distinct: number; max_times: number | null }>(
    `select count(*)::int8 as distinct, max(times) as max_times from ${SEEN}`,
  );
  return { distinct: rows[0]?.distinct ?? 0, maxTimes: rows[0]?.max_times ?? 0 };
}

/** A stable dump of a table for comparing a live projection with its rebuild. */
export async function dumpTable(db: SqlExecutor, table: string, orderBy: string): Promise<unknown[]> {
  const { rows } = await db.query(`select * from ${table} order by ${orderBy}`);
  return rows;
}
