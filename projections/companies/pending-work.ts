import type { SqlExecutor } from '../../src/platform/db/db.ts';
import { toPgArray } from '../../src/platform/db/pg-array.ts';
import { CLAIMS, INSTRUMENT_LISTINGS, PENDING } from './tables.ts';
import { keyedRows } from './keyed-rows.ts';

/**
 * What a batch leaves to derive (`PENDING`): anchors whose companies are derived again, then
 * instruments made again. Recorded in the batch's transaction, taken a slice at a time by
 * the transactions that derive them (docs/adr/0012-deferred-projection-work.md).
 */
export type PendingKind = 'anchor' | 'instrument';

export async function addPending(tx: SqlExecutor, kind: PendingKind, keys: readonly string[]): Promise<void> {
  if (keys.length === 0) return;
  await tx.query(
    `insert into ${PENDING} (kind, key) select $1, k from unnest($2::text[]) as k group by k
     on conflict do nothing`,
    [kind, toPgArray(keys)],
  );
}

/** The anchors of every statement in the given documents (every parse of theirs). */
export async function addAnchorsOfDocuments(tx: SqlExecutor, documents: readonly string[]): Promise<void> {
  if (documents.length === 0) return;
  await tx.query(
    `insert into ${PENDING} (kind, key)
     select distinct 'anchor', c.anchor from ${keyedRows(CLAIMS, 'document', '$1::text[]', 'c')}
     on conflict do nothing`,
    [toPgArray(documents)],
  );
}

/** The anchors any statement not in the given documents shows on an exchange: by its status, its listing date or its symbol there. */
export async function addAnchorsShownOn(tx: SqlExecutor, schemes: readonly string[], documents: readonly string[]): Promise<void> {
  await tx.query(
    `insert into ${PENDING} (kind, key)
     select distinct 'anchor', c.anchor from ${keyedRows(CLAIMS, 'scheme', '$1::text[]', 'c')}
     where coalesce(c.document, '') <> all($2::text[])
     on conflict do nothing`,
    [toPgArray(schemes), toPgArray(documents)],
  );
}

/** The instruments the given documents list (every parse of theirs): a new parse or a new day of a list changes them. */
export async function addInstrumentsOfDocuments(tx: SqlExecutor, documents: readonly string[]): Promise<void> {
  if (documents.length === 0) return;
  await tx.query(
    `insert into ${PENDING} (kind, key)
     select distinct 'instrument', l.instrument_id::text from ${keyedRows(INSTRUMENT_LISTINGS, 'document', '$1::text[]', 'l')}
     on conflict do nothing`,
    [toPgArray(documents)],
  );
}

/** Takes up to `limit` pending keys of a kind, the first by key: they are done in the caller's transaction or not at all. */
export async function takePending(tx: SqlExecutor, kind: PendingKind, limit: number): Promise<string[]> {
  if (limit <= 0) return [];
  const { rows } = await tx.query<{ key: string }>(
    `delete from ${PENDING} where kind = $1 and key in (select key from ${PENDING} where kind = $1 order by key limit $2)
     returning key`,
    [kind, limit],
  );
  return rows.map((row) => row.key).sort();
}

/** How many keys of each kind are pending. */
export async function countPending(tx: SqlExecutor): Promise<Record<PendingKind, number>> {
  const { rows } = await tx.query<{ kind: PendingKind; n: number }>(`select kind, count(*)::int as n from ${PENDING} group by kind`);
  return { anchor: 0, instrument: 0, ...Object.fromEntries(rows.map((row) => [row.kind, row.n])) };
}

export async function anyPending(tx: SqlExecutor): Promise<boolean> {
  const { rows } = await tx.query(`select 1 from ${PENDING} limit 1`);
  return rows.length > 0;
}
