import { type SqlExecutor, toPgArray } from '#platform/db';
import { CLAIMS, INSTRUMENT_LISTINGS, PENDING } from './tables.ts';
import { keyedRows } from './keyed-rows.ts';

/**
 * What a batch leaves to derive (`PENDING`), in the order it is done: the reference lists to
 * date again (`lists`, one key), the documents whose statements and listings count anew, the
 * exchanges a whole-exchange list speaks for (whoever else shows a company there), then the
 * anchors whose companies are derived again, and the instruments made again. Recorded in the
 * batch's transaction, taken a step at a time by the transactions that derive them
 * (docs/adr/0013-deferred-projection-work.md).
 */
export type PendingKind = 'lists' | 'document' | 'exchange' | 'anchor' | 'instrument';

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

/**
 * The anchors any statement shows on an exchange, by their status, listing date or symbol
 * there: a list of the whole exchange changes their status (missing from it, they have left).
 */
export async function addAnchorsShownOn(tx: SqlExecutor, exchange: 'NSE' | 'BSE'): Promise<void> {
  await tx.query(
    `insert into ${PENDING} (kind, key)
     select distinct 'anchor', c.anchor from ${keyedRows(CLAIMS, 'scheme', '$1::text[]', 'c')}
     on conflict do nothing`,
    [toPgArray([`status:${exchange}`, `listed:${exchange}`, exchange === 'NSE' ? 'nse' : 'bse'])],
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
  const none = { lists: 0, document: 0, exchange: 0, anchor: 0, instrument: 0 };
  return { ...none, ...Object.fromEntries(rows.map((row) => [row.kind, row.n])) };
}

export async function anyPending(tx: SqlExecutor): Promise<boolean> {
  const { rows } = await tx.query(`select 1 from ${PENDING} limit 1`);
  return rows.length > 0;
}
