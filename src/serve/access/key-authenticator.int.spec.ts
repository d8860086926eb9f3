import { randomUUID } from 'node:crypto';
import { afterEach, expect, it, vi } from 'vitest';
import { describeEachDatabase, describePostgres, suiteDatabase, type OpenedTestDatabase } from '../../../test/support/databases.ts';
import type { Database } from '#platform/db/db';
import { openPgPool } from '#platform/db-engines/pg-pool';
import { KEYS_CHANNEL } from './api-key-record.ts';
import { createKey } from './create-key.ts';
import { createKeyAuthenticator, type KeyAuthenticator } from './key-authenticator.ts';
import { revokeKey } from './revoke-key.ts';

/** The database with every statement about api_keys counted (the listening connection aside). */
function counting(db: OpenedTestDatabase): { db: Database; keyStatements: () => number } {
  let count = 0;
  const counted: Database = Object.create(db) as Database;
  Object.defineProperty(counted, 'query', {
    value: (text: string, params?: readonly unknown[]) => {
      if (text.includes('api_keys')) count++;
      return db.query(text, params);
    },
  });
  return { db: counted, keyStatements: () => count };
}

const lastUsedAt = async (db: OpenedTestDatabase, keyId: string) =>
  (await db.query<{ last_used_at: Date | null }>('select last_used_at from api_keys where key_id = $1', [keyId])).rows[0]?.last_used_at;

/** Resolves once `check` holds, trying every 20 ms for up to `ms`. */
async function eventually(check: () => Promise<boolean>, ms = 3_000): Promise<boolean> {
  for (const end = Date.now() + ms; Date.now() < end; await new Promise((r) => setTimeout(r, 20))) if (await check()) return true;
  return check();
}

/** Whether the authenticator remembers `key` (on a server, once it listens; PGlite needs no listening). */
async function ready(keys: KeyAuthenticator, key: string, target: ReturnType<typeof counting>): Promise<boolean> {
  await keys.lookup(key);
  return eventually(async () => {
    const before = target.keyStatements();
    await keys.lookup(key);
    return target.keyStatements() === before;
  });
}

const opened: KeyAuthenticator[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((keys) => keys.close()));
});

describeEachDatabase('API keys: the in-process memory of valid keys', (database) => {
  const db = suiteDatabase(database);
  const authenticator = (target: Database) => {
    const keys = createKeyAuthenticator(target);
    opened.push(keys);
    return keys;
  };
  const givenKey = () => createKey(db(), { workspace: { name: `ws-${randomUUID()}` }, name: 'k' });

  it('reads a key once, then answers from memory without a statement', async () => {
    const { key, record } = await givenKey();
    const target = counting(db());
    const keys = authenticator(target.db);
    expect(await ready(keys, key, target)).toBe(true);
    const before = target.keyStatements();
    for (let i = 0; i < 20; i++) expect(await keys.lookup(key)).toMatchObject({ status: 'valid', key: { id: record.id } });
    expect(target.keyStatements()).toBe(before);
  });

  it('refuses a key revoked in this process from the next lookup on', async () => {
    const { key, record } = await givenKey();
    const target = counting(db());
    const keys = authenticator(target.db);
    expect(await ready(keys, key, target)).toBe(true);
    await revokeKey(db(), record.id);
    expect(await keys.lookup(key)).toMatchObject({ status: 'revoked' });
  });

  it('never remembers an unknown or a revoked key', async () => {
    const { key, record } = await givenKey();
    const target = counting(db());
    const keys = authenticator(target.db);
    const unknown = `imd_${'B'.repeat(43)}`;
    await keys.lookup(unknown);
    const before = target.keyStatements();
    expect(await keys.lookup(unknown)).toEqual({ status: 'unknown' });
    expect(target.keyStatements()).toBe(before + 1);
    await revokeKey(db(), record.id);
    await keys.lookup(key);
    expect(await keys.lookup(key)).toMatchObject({ status: 'revoked' });
  });

  it('writes last_used_at out of the request path, about a second after use, at most once a minute', async () => {
    const { key, record } = await givenKey();
    const keys = authenticator(db());
    await keys.lookup(key);
    expect(await lastUsedAt(db(), record.id)).toBeNull();
    expect(await eventually(async () => (await lastUsedAt(db(), record.id)) instanceof Date)).toBe(true);
    const first = await lastUsedAt(db(), record.id);
    await keys.lookup(key);
    await new Promise((r) => setTimeout(r, 1_500));
    expect(await lastUsedAt(db(), record.id)).toEqual(first);
  });

  it('records the use of a key revoked before its last_used_at was written', async () => {
    const { key, record } = await givenKey();
    const keys = authenticator(db());
    await keys.lookup(key);
    await revokeKey(db(), record.id);
    expect(await eventually(async () => (await lastUsedAt(db(), record.id)) instanceof Date)).toBe(true);
  });
});

describePostgres('API keys: a revocation by another process', (database) => {
  const db = suiteDatabase(database);

  it('is refused in this one as soon as its notification arrives', async () => {
    const { key, record } = await createKey(db(), { workspace: { name: `ws-${randomUUID()}` }, name: 'k' });
    const target = counting(db());
    const keys = createKeyAuthenticator(target.db);
    opened.push(keys);
    expect(await ready(keys, key, target)).toBe(true);
    // Another process's revokeKey: the same statement, on its own connection, with no word in this process.
    const other = await openPgPool(db().url ?? '', { max: 1 });
    try {
      await other.query(`update api_keys set revoked_at = now() where key_id = $1`, [record.id]);
      expect(await keys.lookup(key)).toMatchObject({ status: 'valid' });
      await other.query(`select pg_notify($1, $2)`, [KEYS_CHANNEL, record.id]);
      expect(await eventually(async () => (await keys.lookup(key)).status === 'revoked', 2_000)).toBe(true);
    } finally {
      await other.close();
    }
  });

  it('remembers nothing while it cannot listen, so a revocation holds at once', async () => {
    const { key, record } = await createKey(db(), { workspace: { name: `ws-${randomUUID()}` }, name: 'k' });
    const deaf: Database = Object.create(db()) as Database;
    const onError = vi.fn();
    Object.defineProperty(deaf, 'listen', { value: () => Promise.reject(new Error('no listening connection')) });
    const keys = createKeyAuthenticator(deaf, { onError });
    opened.push(keys);
    expect(await keys.lookup(key)).toMatchObject({ status: 'valid' });
    await db().query(`update api_keys set revoked_at = now() where key_id = $1`, [record.id]);
    expect(await keys.lookup(key)).toMatchObject({ status: 'revoked' });
    expect(onError).toHaveBeenCalled();
  });
});
