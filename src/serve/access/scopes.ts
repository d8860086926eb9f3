import { DEFAULT_SCOPES, type Scope, SCOPES } from '#schemas/api';
import type { ApiKeyRecord } from './api-key-record.ts';
import { InvalidKeyRequestError } from '#platform/errors';

export const MAX_SCOPES = 8;

/**
 * The scopes a new key gets: the default when none are asked for, each named scope once, in
 * vocabulary order. An unknown name is refused rather than dropped, so a typo is not a key
 * that silently cannot do what was meant.
 */
export function normalizeScopes(requested: readonly string[] | null | undefined): Scope[] {
  if (requested === null || requested === undefined) return [...DEFAULT_SCOPES];
  if (requested.length > MAX_SCOPES) {
    throw new InvalidKeyRequestError(`a key has at most ${MAX_SCOPES} scopes, ${requested.length} were given`);
  }
  const unknown = requested.filter((scope) => !(SCOPES as readonly string[]).includes(scope));
  if (unknown.length > 0) {
    throw new InvalidKeyRequestError(`unknown scope ${unknown.join(', ')}; scopes are ${SCOPES.join(', ')}`);
  }
  return SCOPES.filter((scope) => requested.includes(scope));
}

export function hasScope(key: ApiKeyRecord, scope: Scope): boolean {
  return key.scopes.includes(scope);
}
