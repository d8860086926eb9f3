import type { SqlExecutor } from '../../src/db/db.ts';
import { DISCLOSURES } from './tables.ts';

/**
 * Recomputes, for every row of the given natural keys, which copy is served. Copies are
 * matched document by document: the n-th disclosure of a key within one source document
 * is a copy of the n-th of that key in another (a document may hold two disclosures with one
 * key, e.g. two records of one person in one insider XBRL; they are two disclosures). Among
 * copies the earliest `known_at` is served, then the earliest recorded, then the lowest id,
 * so a later re-delivery never changes the id a client already holds. Computed from the
 * whole group each time, so the result does not depend on arrival order.
 */
export async function recomputeDuplicates(tx: SqlExecutor, keys: readonly string[]): Promise<void> {
  if (keys.length === 0) return;
  await tx.query(
    `with ranked as (
       select d.disclosure_id, d.natural_key, d.known_at, d.recorded_at,
              row_number() over (
                partition by d.natural_key, coalesce(d.source_sha256, d.disclosure_id::text)
                order by d.event_position, d.disclosure_id
              ) as occurrence
       from ${DISCLOSURES} d
       where d.natural_key = any($1::text[])
     ),
     chosen as (
       select disclosure_id,
              first_value(disclosure_id) over (
                partition by natural_key, occurrence order by known_at, recorded_at, disclosure_id
              ) as served
       from ranked
     )
     update ${DISCLOSURES} d set duplicate_of = nullif(c.served, d.disclosure_id)
     from chosen c
     where d.disclosure_id = c.disclosure_id and d.duplicate_of is distinct from nullif(c.served, d.disclosure_id)`,
    [[...new Set(keys)]],
  );
}
