import type { SqlExecutor } from '#platform/db';
import { API_KEY_COLUMNS, type ApiKeyRecord, type ApiKeyRow, KEYS_CHANNEL, toApiKeyRecord } from './api-key-record.ts';
import { isUuid } from './is-uuid.ts';
import { announceKeyChange } from './key-changes.ts';

export interface RevokeKeyOptions {
  /** Only a key of this workspace is revoked; another's is treated as unknown. */
  readonly workspaceId?: string;
}

/**
 * Revokes a key: from the next request on it is refused with 401, in every process: this
 * one is told at once (announceKeyChange), others by the statement's notification on
 * KEYS_CHANNEL (see createKeyAuthenticator). Inside a transaction, call it last: this
 * process forgets the key before the transaction commits, and may remember it again if a
 * request reads it before then. Revoking a revoked key
 * keeps its first revocation time. Undefined when there is no such key.
 */
export async function revokeKey(db: SqlExecutor, keyId: string, options: RevokeKeyOptions = {}): Promise<ApiKeyRecord | undefined> {
  if (!isUuid(keyId)) return undefined;
  const { rows } = await db.query<ApiKeyRow>(
    `with k as (
       update api_keys set revoked_at = coalesce(revoked_at, now())
       where key_id = $1 and ($2::uuid is null or workspace_id = $2::uuid)
       returning *
     )
     select ${API_KEY_COLUMNS}, pg_notify('${KEYS_CHANNEL}', k.key_id::text) from k join workspaces w using (workspace_id)`,
    [keyId, options.workspaceId ?? null],
  );
  const revoked = rows[0] ? toApiKeyRecord(rows[0]) : undefined;
  if (revoked) announceKeyChange(revoked.id);
  return revoked;
}
