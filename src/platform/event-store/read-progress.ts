import type { SqlExecutor } from '#platform/db';
import type { ReadProgress, ReadProgressOptions } from './event-store.ts';
import { decodePgCheckpoint } from './pg-checkpoint.ts';

/**
 * The head position and the events of some types after a checkpoint, counted in commit
 * order: positions commit out of numeric order, so the head minus a checkpoint's position
 * would mislead. Events still being committed are counted too: they are not projected yet.
 */
export async function readProgress(db: SqlExecutor, options: ReadProgressOptions): Promise<ReadProgress> {
  const after = decodePgCheckpoint(options.after);
  const { rows } = await db.query<{ head: number | null; behind: number }>(
    `select (select max(global_position) from es_events) as head,
            (select count(*) from (
               select 1 from es_events
               where (transaction_id, global_position) > ($1::xid8, $2::bigint) and event_type = any($3::text[])
               limit $4::int8) behind)::int8 as behind`,
    [after.transactionId, after.position, options.types, options.countLimit ?? null],
  );
  return { headPosition: rows[0]?.head ?? 0, behind: rows[0]?.behind ?? 0 };
}
