import { type SqlExecutor, toPgArray } from '#platform/db';
import { quoteTables } from '#platform/projector';

export interface CopiesTable {
  /** The read table; from code, never from input. */
  readonly table: string;
  /** The row id column (uuid). */
  readonly id: string;
  /** The source document column: copies are matched document by document. */
  readonly document: string;
  /** A column counting the copies of each served row, where the table keeps one. */
  readonly copies?: string;
}

const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;

/**
 * Recomputes, for every row of the given natural keys, which copy is served (the others
 * get `duplicate_of`). Copies are matched document by document: the n-th row of a key
 * within one source document is a copy of the n-th of that key in another (one document
 * may hold two rows with one key, e.g. an interim and a special dividend). Among copies the
 * earliest `known_at` is served, then the earliest recorded, then the lowest id, so a later
 * re-delivery never changes an id a client already holds. Computed from the whole group
 * each time, so the result does not depend on the order documents arrive in.
 */
export async function recomputeServedCopies(tx: SqlExecutor, spec: CopiesTable, keys: readonly string[]): Promise<void> {
  if (keys.length === 0) return;
  for (const column of [spec.id, spec.document, spec.copies ?? 'x']) {
    if (!IDENTIFIER.test(column)) throw new Error(`invalid column name ${column}`);
  }
  const table = quoteTables([spec.table]);
  const { id, document } = spec;
  const copies = spec.copies;
  await tx.query(
    `with ranked as (
       select t.${id} as row_id, t.natural_key, t.known_at, t.recorded_at,
              row_number() over (
                partition by t.natural_key, coalesce(t.${document}, t.${id}::text)
                order by t.event_position, t.${id}
              ) as occurrence
       from ${table} t
       where t.natural_key = any($1::text[])
     ),
     chosen as (
       select row_id,
              first_value(row_id) over (partition by natural_key, occurrence order by known_at, recorded_at, row_id) as served,
              count(*) over (partition by natural_key, occurrence)::int as copies
       from ranked
     )
     update ${table} t set duplicate_of = nullif(c.served, t.${id})${copies ? `, ${copies} = c.copies` : ''}
     from chosen c
     where t.${id} = c.row_id
       and (t.duplicate_of is distinct from nullif(c.served, t.${id})${copies ? ` or t.${copies} <> c.copies` : ''})`,
    [toPgArray([...new Set(keys)])],
  );
}
