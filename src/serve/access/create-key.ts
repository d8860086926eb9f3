import { randomUUID } from 'node:crypto';
import { KeyNameSchema } from '#schemas/api';
import { type SqlExecutor, toPgArray } from '#platform/db';
import { API_KEY_COLUMNS, type ApiKeyRecord, type ApiKeyRow, toApiKeyRecord } from './api-key-record.ts';
import { apiKeyPrefix, generateApiKey, hashApiKey } from './api-key-secret.ts';
import { InvalidKeyRequestError, KeyLimitReachedError, WorkspaceNotFoundError } from '#platform/errors';
import { normalizeScopes } from './scopes.ts';
import { isUuid } from './is-uuid.ts';

/** An existing workspace by id, or one by name, created when missing. */
export type WorkspaceRef = { readonly id: string } | { readonly name: string };

export interface CreateKeyRequest {
  readonly workspace: WorkspaceRef;
  readonly name: string;
  /** Absent or null for the default scopes. */
  readonly scopes?: readonly string[] | null | undefined;
  /** The most unrevoked keys the workspace may hold (MAX_KEYS_PER_WORKSPACE); no cap when absent. */
  readonly maxActiveKeys?: number | undefined;
}

export interface CreatedKey {
  /** The key itself: shown once, never stored. */
  readonly key: string;
  readonly record: ApiKeyRecord;
}

async function resolveWorkspace(tx: SqlExecutor, ref: WorkspaceRef): Promise<string> {
  if ('id' in ref) {
    const { rows } = isUuid(ref.id)
      ? await tx.query<{ workspace_id: string }>('select workspace_id from workspaces where workspace_id = $1', [ref.id])
      : { rows: [] };
    if (!rows[0]) throw new WorkspaceNotFoundError(ref.id);
    return rows[0].workspace_id;
  }
  const name = ref.name.trim();
  // A workspace name has a key name's bounds, counted the same way (code points).
  if (!KeyNameSchema.safeParse(name).success) throw new InvalidKeyRequestError('a workspace name has 1 to 80 characters');
  // The no-op update makes the statement return the row whether it was inserted now or by
  // a concurrent creator.
  const { rows } = await tx.query<{ workspace_id: string }>(
    `insert into workspaces (workspace_id, name) values ($1, $2)
     on conflict on constraint workspaces_name_uq do update set name = excluded.name
     returning workspace_id`,
    [randomUUID(), name],
  );
  const row = rows[0];
  if (!row) throw new Error(`workspace ${name} was not returned`);
  return row.workspace_id;
}

/**
 * Refuses a key the workspace has no room for. The workspace row is locked first, so keys
 * created at once in one workspace are counted one after another and the cap holds. The
 * count is a statement of its own: one statement reads from one snapshot, taken before the
 * lock was granted, so it would miss the key that the lock's previous holder just added.
 */
async function requireRoomForKey(tx: SqlExecutor, workspaceId: string, maxActiveKeys: number): Promise<void> {
  const { rows: locked } = await tx.query<{ name: string }>('select name from workspaces where workspace_id = $1 for update', [
    workspaceId,
  ]);
  const { rows } = await tx.query<{ active: number }>(
    'select count(*)::int as active from api_keys where workspace_id = $1 and revoked_at is null',
    [workspaceId],
  );
  const workspace = locked[0]?.name ?? workspaceId;
  if ((rows[0]?.active ?? 0) >= maxActiveKeys) throw new KeyLimitReachedError(workspace, maxActiveKeys);
}

/** Issues a key: stores its digest and returns the key itself, which cannot be recovered later. */
export async function createKey(db: SqlExecutor, request: CreateKeyRequest): Promise<CreatedKey> {
  const name = request.name;
  // The schema the API validates with, so the API and this count characters alike: in code
  // points, as the database's char_length does (an emoji is one character, not two).
  if (!KeyNameSchema.safeParse(name).success) throw new InvalidKeyRequestError('a key name has 1 to 80 characters');
  const scopes = normalizeScopes(request.scopes);
  const key = generateApiKey();
  return db.transaction(async (tx) => {
    const workspaceId = await resolveWorkspace(tx, request.workspace);
    if (request.maxActiveKeys !== undefined) await requireRoomForKey(tx, workspaceId, request.maxActiveKeys);
    const { rows } = await tx.query<ApiKeyRow>(
      `with k as (
         insert into api_keys (key_id, workspace_id, name, scopes, key_prefix, key_hash)
         values ($1, $2, $3, $4::text[], $5, $6)
         returning *
       )
       select ${API_KEY_COLUMNS} from k join workspaces w using (workspace_id)`,
      [randomUUID(), workspaceId, name, toPgArray(scopes), apiKeyPrefix(key), hashApiKey(key)],
    );
    const row = rows[0];
    if (!row) throw new Error('the new key was not returned');
    return { key, record: toApiKeyRecord(row) };
  });
}
