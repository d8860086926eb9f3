import { AppError } from './app-error.ts';

/** No key, or a key that is unknown or revoked. The hook adds the `WWW-Authenticate` challenge. */
export class UnauthorizedError extends AppError {
  constructor(detail: string) {
    super('ERR_UNAUTHORIZED', 401, detail);
  }
}

/** A valid key without the scope the route needs. */
export class ForbiddenError extends AppError {
  constructor(detail: string) {
    super('ERR_FORBIDDEN', 403, detail);
  }
}

/** No such key in the caller's workspace (another workspace's key is not revealed). */
export class KeyNotFoundError extends AppError {
  constructor(keyId: string) {
    super('ERR_KEY_NOT_FOUND', 404, `no key ${keyId} in this workspace`);
  }
}

/** The workspace named by id does not exist. */
export class WorkspaceNotFoundError extends AppError {
  constructor(workspaceId: string) {
    super('ERR_WORKSPACE_NOT_FOUND', 404, `no workspace ${workspaceId}`);
  }
}

/** A key request outside the rules: unknown scope, too many scopes, bad name length. */
export class InvalidKeyRequestError extends AppError {
  constructor(detail: string) {
    super('ERR_KEY_REQUEST_INVALID', 422, detail);
  }
}

/**
 * The workspace already holds as many unrevoked keys as it may: each key has its own
 * allowance, so an admin key must not mint them without end. Revoked keys do not count.
 */
export class KeyLimitReachedError extends AppError {
  constructor(workspace: string, maxActiveKeys: number) {
    super(
      'ERR_KEY_LIMIT_REACHED',
      409,
      `workspace ${workspace} already has ${maxActiveKeys} active keys, the most a workspace may hold (MAX_KEYS_PER_WORKSPACE); revoke one it no longer needs (DELETE /v1/keys/{key_id}, or npm run keys -- revoke KEY_ID) before creating another`,
    );
  }
}

/** A key reached its per-minute rate or its monthly allowance. The hook sets `Retry-After`. */
export class RateLimitedError extends AppError {
  readonly retryAfterSeconds: number;

  constructor(detail: string, retryAfterSeconds: number) {
    super('ERR_RATE_LIMITED', 429, detail);
    this.retryAfterSeconds = retryAfterSeconds;
  }
}
