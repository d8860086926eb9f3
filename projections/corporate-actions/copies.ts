import type { SqlExecutor } from '../../src/db/db.ts';
import { toPgArray } from '../../src/db/pg-array.ts';
import { CORPORATE_ACTIONS } from './tables.ts';

/**
 * Recomputes, for every row of the given natural keys, which copy is served and how many
 * copies there are. Copies are matched file by file: the n-th action of a key within one
 * source file is a copy of the n-th of that key in another (an interim and a special
 * dividend in one purpose share a key and are two actions). Among copies the earliest
 * `known_at` is served, then the earliest recorded, then the lowest id, so a later
 * re-delivery never changes the id a client already holds. Computed from the whole group
 * each time, so the result does not depend on the order files arrive in.
 */
export async function recomputeCopies(tx: SqlExecutor, keys: readonly string[]): Promise<void> {
  if (keys.length === 0) return;
  await tx.query(
    `with ranked as (
       select a.action_id, a.natural_key, a.known_at, a.recorded_at,
              row_number() over (
                partition by a.natural_key, coalesce(a.source_document, a.action_id::text)
                order by a.event_position, a.action_id
              ) as occurrence
       from ${CORPORATE_ACTIONS} a
       where a.natural_key = any($1::text[])
     ),
     chosen as (
       select action_id,
              first_value(action_id) over (
                partition by natural_key, occurrence order by known_at, recorded_at, action_id
              ) as served,
              count(*) over (partition by natural_key, occurrence)::int as copies
       from ranked
     )
     update ${CORPORATE_ACTIONS} a set duplicate_of = nullif(c.served, a.action_id), copies = c.copies
     from chosen c
     where a.action_id = c.action_id
       and (a.duplicate_of is distinct from nullif(c.served, a.action_id) or a.copies <> c.copies)`,
    [toPgArray([...new Set(keys)])],
  );
}
