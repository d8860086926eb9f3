import type { SqlExecutor } from '#platform/db';
import { API_KEY_COLUMNS, type ApiKeyRecord, type ApiKeyRow, toApiKeyRecord } from './api-key-record.ts';
import { hashApiKey, isWellFormedApiKey } from './api-key-secret.ts';

export type KeyLookup =
  | { readonly status: 'valid'; readonly key: ApiKeyRecord }
  | { readonly status: 'revoked'; readonly key: ApiKeyRecord }
  | { readonly status: 'unknown' };

/**
 * Finds the key a request presents, by the unique index on its digest (the key is never
 * compared as text, so response time says nothing about it). In the same statement the
 * key's `last_used_at` moves on, at most once a minute, so busy keys rarely write.
 */
export async function lookupKey(db: SqlExecutor, presented: string): Promise<KeyLookup> {
  if (!isWellFormedApiKey(presented)) return { status: 'unknown' };
  const { rows } = await db.query<ApiKeyRow>(
    `with found as (
       select ${API_KEY_COLUMNS} from api_keys k join workspaces w using (workspace_id) where k.key_hash = $1
     ), touched as (
       update api_keys set last_used_at = now()
       where key_id = (select key_id from found) and revoked_at is null
         and (last_used_at is null or last_used_at < now() - interval '1 minute')
     )
     select * from found`,
    [hashApiKey(presented)],
  );
  const row = rows[0];
  if (!row) return { status: 'unknown' };
  const key = toApiKeyRecord(row);
  return key.revokedAt === null ? { status: 'valid', key } : { status: 'revoked', key };
}

/** The key record for a presented key; undefined when it is missing, unknown or revoked. */
export async function authenticate(db: SqlExecutor, presented: string | undefined): Promise<ApiKeyRecord | undefined> {
  if (presented === undefined) return undefined;
  const found = await lookupKey(db, presented);
  return found.status === 'valid' ? found.key : undefined;
}
