import { type SqlExecutor, toPgArray } from '#platform/db';
import { EventIdConflictError } from '#platform/errors';

/**
 * Claims event ids for a stream, or throws EventIdConflictError for an id another stream
 * holds. Two statements, not one: the second must see a claim that a concurrent writer
 * committed while the first waited for it on the primary key.
 */
export async function claimEventIds(db: SqlExecutor, streamId: string, ids: readonly string[]): Promise<void> {
  await db.query(`insert into es_event_ids (event_id, stream_id) select unnest($1::uuid[]), $2 on conflict (event_id) do nothing`, [
    toPgArray(ids),
    streamId,
  ]);
  const { rows } = await db.query<{ event_id: string; stream_id: string }>(
    'select event_id::text, stream_id from es_event_ids where event_id = any($1::uuid[]) and stream_id <> $2 limit 1',
    [toPgArray(ids), streamId],
  );
  const taken = rows[0];
  if (taken) throw new EventIdConflictError(taken.event_id, streamId, taken.stream_id);
}
