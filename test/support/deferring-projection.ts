import type { SqlExecutor } from '#platform/db/db';
import { ensureProjection } from '#platform/projector/checkpoints';
import type { EvolveContext, Progress, Projection } from '#platform/projector/projection';

export const APPLIED = 'rm_test_deferred_v1';
export const TO_APPLY = 'rm_test_deferred_pending_v1';

export interface DeferringOptions {
  /** Events applied per transaction. */
  readonly part: number;
  /** Throws after applying the part that makes this many parts in all, inside its transaction. */
  readonly failAtPart?: number;
  /** Lets later batches join an unfinished batch's work (`joinsDeferredWork`); told of each batch's context. */
  readonly joins?: (context: EvolveContext | undefined) => void;
}

/**
 * A projection that finishes each batch over several transactions (docs/adr/0012): `evolve`
 * records the batch's events as still to apply and applies the first `part` of them; `resume`
 * applies the next `part`. Each event's `times` counts its applications: exactly once means 1.
 * A batch arriving while another's events are still to apply is an error (the projector must
 * finish a batch before it reads the next), unless the projection `joins`: then such a batch,
 * told so, adds its events to those still to apply and leaves them all to `resume`.
 */
export function deferringProjection(options: DeferringOptions): Projection {
  let parts = 0;
  const applyPart = async (tx: SqlExecutor): Promise<Progress> => {
    await tx.query(
      `with taken as (
         delete from ${TO_APPLY} where event_id in (select event_id from ${TO_APPLY} order by global_position limit $1)
         returning event_id, global_position)
       insert into ${APPLIED} (event_id, global_position, times) select event_id, global_position, 1 from taken
       on conflict (event_id) do update set times = ${APPLIED}.times + 1`,
      [options.part],
    );
    parts += 1;
    if (parts === options.failAtPart) throw new Error(`simulated crash in part ${parts}`);
    const { rows } = await tx.query(`select 1 from ${TO_APPLY} limit 1`);
    return rows.length > 0 ? 'more' : 'done';
  };
  return {
    name: 'test_deferred',
    version: 1,
    handles: ['FinancialsReported', 'CompanyRegistered'],
    tables: [APPLIED, TO_APPLY],
    async setup(tx) {
      await tx.query(`create table if not exists ${APPLIED} (
        event_id uuid primary key, global_position bigint not null, times integer not null)`);
      await tx.query(`create table if not exists ${TO_APPLY} (event_id uuid primary key, global_position bigint not null)`);
    },
    async evolve(tx, events, _prepared, context) {
      options.joins?.(context);
      const { rows } = await tx.query(`select 1 from ${TO_APPLY} limit 1`);
      if (rows.length > 0 && !(options.joins && context?.deferred))
        throw new Error('a batch arrived before the previous batch was finished');
      await tx.query(`insert into ${TO_APPLY} (event_id, global_position) select * from unnest($1::uuid[], $2::bigint[])`, [
        events.map((e) => e.id),
        events.map((e) => e.position),
      ]);
      return context?.deferred ? 'more' : applyPart(tx);
    },
    resume: applyPart,
    ...(options.joins ? { joinsDeferredWork: true } : {}),
  };
}

export async function appliedCounts(db: SqlExecutor): Promise<{ applied: number; maxTimes: number; toApply: number }> {
  const { rows } = await db.query<{ applied: number; max_times: number | null; to_apply: number }>(
    `select (select count(*)::int8 from ${APPLIED}) as applied, (select max(times) from ${APPLIED}) as max_times,
            (select count(*)::int8 from ${TO_APPLY}) as to_apply`,
  );
  return { applied: rows[0]?.applied ?? 0, maxTimes: rows[0]?.max_times ?? 0, toApply: rows[0]?.to_apply ?? 0 };
}

/** Sets the deferring projection up afresh: empty tables and a checkpoint at position 0. */
export async function resetDeferring(db: SqlExecutor): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query('delete from es_checkpoints where projection = $1', ['test_deferred']);
    await tx.query(`drop table if exists ${APPLIED}, ${TO_APPLY}`);
  });
  await ensureProjection(db, deferringProjection({ part: 1 }));
}
