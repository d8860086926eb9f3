import type { SqlExecutor } from '#platform/db';
import type { EventRegistry } from './event-registry.ts';
import type { AnyEvent, ReadAllOptions, ReadAllResult } from './event-store.ts';
import { START } from './event-store.ts';
import { type CommitOrder, compareCommitOrder, decodePgCheckpoint, encodePgCheckpoint } from './pg-checkpoint.ts';
import { EVENT_COLUMNS, type EventRow, toStoredEvent } from './stored-event.ts';

type ReadAllRow = Partial<EventRow> & { horizon_tx: string | null; horizon_position: number | null };

/**
 * Reads events after a checkpoint in (transaction id, position) order, returning only
 * events of transactions older than the oldest one still running (the snapshot's xmin).
 * Every such transaction has finished, so nothing before the returned checkpoint can still
 * appear: a slow transaction holds readers back instead of being skipped.
 *
 * When fewer than `limit` events come back, everything settled has been seen, and the
 * checkpoint moves to the last settled event of any type (the horizon), past events of
 * other types. With nothing new at all the checkpoint stays the token it was, so an idle
 * reader writes nothing.
 */
export async function readAll<E extends AnyEvent>(
  db: SqlExecutor,
  registry: EventRegistry,
  options: ReadAllOptions,
): Promise<ReadAllResult<E>> {
  const token = options.after ?? START;
  const after = decodePgCheckpoint(token);
  const { rows } = await db.query<ReadAllRow>(
    `with snapshot as (select pg_snapshot_xmin(pg_current_snapshot()) as xmin),
     horizon as (
       select e.transaction_id, e.global_position from es_events e, snapshot s
       where e.transaction_id < s.xmin
       order by e.transaction_id desc, e.global_position desc
       limit 1
     )
     select h.transaction_id::text as horizon_tx, h.global_position as horizon_position, page.*
     from snapshot s
     left join horizon h on true
     left join lateral (
       select ${EVENT_COLUMNS}
       from es_events e
       where (e.transaction_id, e.global_position) > ($1::xid8, $2::bigint)
         and e.transaction_id < s.xmin
         and ($3::text[] is null or e.event_type = any($3::text[]))
       order by e.transaction_id, e.global_position
       limit $4
     ) page on true`,
    [after.transactionId, after.position, options.types ?? null, options.limit],
  );
  const eventRows = rows.filter((row): row is ReadAllRow & EventRow => row.global_position != null);
  const events = eventRows.map((row) => toStoredEvent<E>(registry, row));
  const last = eventRows.at(-1);
  const caughtUp = events.length < options.limit;
  let next: CommitOrder = last ? { transactionId: last.transaction_id, position: last.global_position } : after;
  const first = rows[0];
  if (caughtUp && first?.horizon_tx != null && first.horizon_position != null) {
    const horizon: CommitOrder = { transactionId: first.horizon_tx, position: first.horizon_position };
    if (compareCommitOrder(horizon, next) > 0) next = horizon;
  }
  return { events, next: next === after ? token : encodePgCheckpoint(next), caughtUp };
}
