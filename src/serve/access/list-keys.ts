import type { SqlExecutor } from '#platform/db';
import { API_KEY_COLUMNS, type ApiKeyRecord, type ApiKeyRow, toApiKeyRecord } from './api-key-record.ts';

export interface ListKeysOptions {
  /** Only this workspace's keys; every workspace's when absent (the operator's CLI). */
  readonly workspaceId?: string;
}

/** Keys newest first, revoked ones included; never the keys themselves. */
export async function listKeys(db: SqlExecutor, options: ListKeysOptions = {}): Promise<ApiKeyRecord[]> {
  const { rows } = await db.query<ApiKeyRow>(
    `select ${API_KEY_COLUMNS} from api_keys k join workspaces w using (workspace_id)
     where $1::uuid is null or k.workspace_id = $1::uuid
     order by k.created_at desc, k.key_id`,
    [options.workspaceId ?? null],
  );
  return rows.map(toApiKeyRecord);
}
