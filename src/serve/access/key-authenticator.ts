import { LRUCache } from 'lru-cache';
import { type Database, keepListening } from '#platform/db';
import { API_KEY_COLUMNS, type ApiKeyRecord, type ApiKeyRow, KEYS_CHANNEL, toApiKeyRecord } from './api-key-record.ts';
import type { KeyLookup } from './authenticate.ts';
import { hashApiKey, isWellFormedApiKey } from './api-key-secret.ts';
import { onKeyChange } from './key-changes.ts';

/** How long a valid key is remembered without a word from the database: the bound on staleness if a notification were lost. */
export const KEY_CACHE_TTL_MS = 10_000;
/** How often a key's `last_used_at` moves on, at most. */
const TOUCH_EVERY_MS = 60_000;
/** How soon after a key's first use in a while its `last_used_at` is written. */
const TOUCH_DELAY_MS = 1_000;

export interface KeyAuthenticator {
  /** The key a request presents: valid (with its record), revoked or unknown. */
  lookup(presented: string): Promise<KeyLookup>;
  /** Stops listening and writes the pending `last_used_at`s. */
  close(): Promise<void>;
}

export interface KeyAuthenticatorOptions {
  readonly ttlMs?: number;
  /** Told when writing `last_used_at` or listening fails; requests are never affected. */
  readonly onError?: (error: unknown) => void;
}

/**
 * Authenticates from a short in-process memory of valid keys, so a request costs no
 * statement for its key. A revocation invalidates it at once in every process: revokeKey
 * tells this process directly (onKeyChange) and notifies KEYS_CHANNEL in its own statement,
 * which every server process listens on; while a process's listening connection is down it
 * remembers nothing and every request reads its key. PGlite serves one process, so the
 * direct word is all it needs. Unknown and revoked keys are never remembered, so a new key
 * works at once. `last_used_at` is written out of the request path, once a minute per key at
 * most, a second after use.
 */
export function createKeyAuthenticator(db: Database, options: KeyAuthenticatorOptions = {}): KeyAuthenticator {
  const onError = options.onError ?? (() => undefined);
  const valid = new LRUCache<string, ApiKeyRecord>({ max: 10_000, ttl: options.ttlMs ?? KEY_CACHE_TTL_MS });
  // Bumped by every forget: a lookup that read its key before a revocation does not store it after.
  let epoch = 0;
  let closed = false;
  let listening = db.listen === undefined;

  const forgetAll = () => {
    epoch++;
    valid.clear();
  };
  const stopListening = keepListening(db, KEYS_CHANNEL, {
    onNotify: forgetAll,
    // What was read before the listening began is not trusted after it.
    onListening: (now) => {
      forgetAll();
      listening = now;
    },
    onError,
  });
  const stopHearing = onKeyChange(forgetAll);

  // The keys whose last_used_at was written (or is pending) within the minute.
  const touched = new LRUCache<string, true>({ max: 10_000, ttl: TOUCH_EVERY_MS });
  const pending = new Set<string>();
  let flushTimer: NodeJS.Timeout | undefined;
  const flush = async () => {
    flushTimer = undefined;
    const ids = [...pending];
    pending.clear();
    if (ids.length === 0) return;
    await db
      .query(
        // Every key here was valid when used, so a key revoked since still records its use.
        `update api_keys set last_used_at = now()
         where key_id = any($1::uuid[]) and (last_used_at is null or last_used_at < now() - interval '1 minute')`,
        [ids],
      )
      .catch(onError);
  };
  const touch = (keyId: string) => {
    if (touched.has(keyId)) return;
    touched.set(keyId, true);
    pending.add(keyId);
    // Unreferenced: a process may exit before it fires; close() writes what is pending.
    flushTimer ??= setTimeout(() => void flush(), TOUCH_DELAY_MS).unref();
  };

  return {
    async lookup(presented) {
      if (!isWellFormedApiKey(presented)) return { status: 'unknown' };
      const hash = hashApiKey(presented);
      const remembered = listening ? valid.get(hash) : undefined;
      if (remembered) {
        touch(remembered.id);
        return { status: 'valid', key: remembered };
      }
      const started = epoch;
      const { rows } = await db.query<ApiKeyRow>(
        `select ${API_KEY_COLUMNS} from api_keys k join workspaces w using (workspace_id) where k.key_hash = $1`,
        [hash],
      );
      const row = rows[0];
      if (!row) return { status: 'unknown' };
      const key = toApiKeyRecord(row);
      if (key.revokedAt !== null) return { status: 'revoked', key };
      if (listening && started === epoch && !closed) valid.set(hash, key);
      touch(key.id);
      return { status: 'valid', key };
    },
    async close() {
      closed = true;
      stopHearing();
      clearTimeout(flushTimer);
      forgetAll();
      await stopListening();
      await flush();
    },
  };
}
