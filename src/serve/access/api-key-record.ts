import { type Scope, SCOPES } from '#schemas/api';

/** A stored key as the application sees it: never the key itself. */
export interface ApiKeyRecord {
  readonly id: string;
  readonly name: string;
  readonly scopes: readonly Scope[];
  /** The key's first characters, for display. */
  readonly prefix: string;
  readonly workspace: { readonly id: string; readonly name: string };
  readonly createdAt: Date;
  readonly revokedAt: Date | null;
  readonly lastUsedAt: Date | null;
}

/** The channel a change to a key is announced on: revokeKey notifies it with the key's id (createKeyAuthenticator listens). */
export const KEYS_CHANNEL = 'api_keys';

/** The columns every key query selects, from `api_keys k join workspaces w`. */
export const API_KEY_COLUMNS = `k.key_id, k.name, k.scopes, k.key_prefix, k.workspace_id, w.name as workspace_name,
  k.created_at, k.revoked_at, k.last_used_at`;

export interface ApiKeyRow {
  readonly key_id: string;
  readonly name: string;
  readonly scopes: string[];
  readonly key_prefix: string;
  readonly workspace_id: string;
  readonly workspace_name: string;
  readonly created_at: Date;
  readonly revoked_at: Date | null;
  readonly last_used_at: Date | null;
}

const isScope = (scope: string): scope is Scope => (SCOPES as readonly string[]).includes(scope);

export function toApiKeyRecord(row: ApiKeyRow): ApiKeyRecord {
  return {
    id: row.key_id,
    name: row.name,
    // A scope retired from the vocabulary grants nothing any more.
    scopes: row.scopes.filter(isScope),
    prefix: row.key_prefix,
    workspace: { id: row.workspace_id, name: row.workspace_name },
    createdAt: row.created_at,
    revokedAt: row.revoked_at,
    lastUsedAt: row.last_used_at,
  };
}
