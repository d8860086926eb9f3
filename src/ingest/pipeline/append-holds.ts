import { type SqlExecutor, toPgArray } from '#platform/db';

/** A hold not renewed for this long is of a worker that died (a part takes milliseconds). */
export const APPEND_HOLD_LEASE_S = 60;

/** A document and the context (its key) it was parsed with. */
export interface ParsedContext {
  readonly documentId: string;
  readonly contextKey: string;
}

/** The holds on some of `documents`, and whether any is another context's still renewed. */
export interface Holds {
  readonly any: boolean;
  /** Another parse of one of the documents is being appended: this one must land after it. */
  readonly blocked: boolean;
}

/** The holds on `documents` (see Holds). */
export async function holdsOn(tx: SqlExecutor, documents: readonly ParsedContext[]): Promise<Holds> {
  const { rows } = await tx.query<{ blocks: boolean }>(
    `select a.context_key <> d.context_key and a.held_at > now() - make_interval(secs => $3) as blocks
     from unnest($1::text[], $2::text[]) as d(document_id, context_key)
     join document_appends a on a.document_id = d.document_id`,
    [toPgArray(documents.map((d) => d.documentId)), toPgArray(documents.map((d) => d.contextKey)), APPEND_HOLD_LEASE_S],
  );
  return { any: rows.length > 0, blocked: rows.some((row) => row.blocks) };
}

/** Holds `documents` for their parse while its parts are appended, or renews the hold. */
export async function holdAppends(tx: SqlExecutor, documents: readonly ParsedContext[]): Promise<void> {
  await tx.query(
    `insert into document_appends (document_id, context_key)
     select * from unnest($1::text[], $2::text[])
     on conflict (document_id) do update set context_key = excluded.context_key, held_at = now()`,
    [toPgArray(documents.map((d) => d.documentId)), toPgArray(documents.map((d) => d.contextKey))],
  );
}

/** Ends the holds on `documents` (a stale one of a worker that died, too). */
export async function releaseAppends(tx: SqlExecutor, documentIds: readonly string[]): Promise<void> {
  await tx.query('delete from document_appends where document_id = any($1::text[])', [toPgArray(documentIds)]);
}
