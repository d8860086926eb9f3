import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { describeEachDatabase, describePostgres, suiteDatabase, type OpenedTestDatabase } from '../../../test/support/databases.ts';
import { openPgPool } from '#platform/db-engines/pg-pool';
import { isUniqueViolation } from '#platform/db/pg-errors';
import { hashApiKey } from './api-key-secret.ts';
import { InvalidKeyRequestError, KeyLimitReachedError, WorkspaceNotFoundError } from '#platform/errors';
import { authenticate, lookupKey } from './authenticate.ts';
import { createKey } from './create-key.ts';
import { listKeys } from './list-keys.ts';
import { revokeKey } from './revoke-key.ts';

/** Every row of every table in the schema as text, to look for a value anywhere. */
async function everyStoredText(db: OpenedTestDatabase): Promise<string> {
  const { rows: tables } = await db.query<{ table_name: string }>(
    `select table_name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE'`,
  );
  const texts: string[] = [];
  for (const { table_name } of tables) {
    const { rows } = await db.query<{ t: string }>(`select t::text as t from "${table_name}" t`);
    texts.push(...rows.map((r) => r.t));
  }
  return texts.join('\n');
}

describeEachDatabase('API keys', (database) => {
  const db = suiteDatabase(database);

  it('creates a key into a workspace made on first use, and authenticates it', async () => {
    const workspace = `ws-${randomUUID()}`;
    const { key, record } = await createKey(db(), { workspace: { name: workspace }, name: 'research laptop', scopes: null });
    expect(record).toMatchObject({ name: 'research laptop', scopes: ['read'], prefix: key.slice(0, 12), revokedAt: null });
    expect(record.workspace.name).toBe(workspace);
    const found = await authenticate(db(), key);
    expect(found).toMatchObject({ id: record.id, workspace: record.workspace, scopes: ['read'] });

    const second = await createKey(db(), { workspace: { name: workspace }, name: 'ci', scopes: ['admin', 'read'] });
    expect(second.record.workspace).toEqual(record.workspace);
    expect(second.record.scopes).toEqual(['read', 'admin']);
    const byId = await createKey(db(), { workspace: { id: record.workspace.id }, name: 'by id' });
    expect(byId.record.workspace).toEqual(record.workspace);
  });

  it('stores the SHA-256 of the key and never the key itself', async () => {
    const { key, record } = await createKey(db(), { workspace: { name: 'secrets' }, name: 'k' });
    const { rows } = await db().query<{ key_hash: string }>('select key_hash from api_keys where key_id = $1', [record.id]);
    expect(rows[0]?.key_hash).toBe(hashApiKey(key));
    const stored = await everyStoredText(db());
    expect(stored).toContain(hashApiKey(key));
    expect(stored).not.toContain(key);
    expect(stored).not.toContain(key.slice(12)); // nor the secret part beyond the displayed prefix
  });

  it('refuses missing, unknown and malformed keys', async () => {
    expect(await authenticate(db(), undefined)).toBeUndefined();
    expect(await authenticate(db(), `imd_${'A'.repeat(43)}`)).toBeUndefined();
    expect(await authenticate(db(), 'not a key')).toBeUndefined();
    expect(await lookupKey(db(), "imd_'; drop table api_keys; --")).toEqual({ status: 'unknown' });
  });

  it('revokes a key: it no longer authenticates, and revoking again keeps the first time', async () => {
    const { key, record } = await createKey(db(), { workspace: { name: 'revocation' }, name: 'leaked' });
    const revoked = await revokeKey(db(), record.id);
    expect(revoked?.revokedAt).toBeInstanceOf(Date);
    expect(await authenticate(db(), key)).toBeUndefined();
    expect(await lookupKey(db(), key)).toMatchObject({ status: 'revoked', key: { id: record.id } });
    const again = await revokeKey(db(), record.id);
    expect(again?.revokedAt).toEqual(revoked?.revokedAt);
  });

  it('revokes only within the given workspace, and reports unknown keys', async () => {
    const mine = await createKey(db(), { workspace: { name: 'mine' }, name: 'k' });
    const theirs = await createKey(db(), { workspace: { name: 'theirs' }, name: 'k' });
    expect(await revokeKey(db(), theirs.record.id, { workspaceId: mine.record.workspace.id })).toBeUndefined();
    expect(await authenticate(db(), theirs.key)).toBeDefined();
    expect(await revokeKey(db(), randomUUID())).toBeUndefined();
    expect(await revokeKey(db(), 'not-a-uuid')).toBeUndefined();
  });

  it('lists a workspace’s keys newest first, without secrets', async () => {
    const first = await createKey(db(), { workspace: { name: 'listing' }, name: 'first' });
    const second = await createKey(db(), { workspace: { name: 'listing' }, name: 'second' });
    const listed = await listKeys(db(), { workspaceId: first.record.workspace.id });
    expect(listed.map((k) => k.name)).toEqual(['second', 'first']);
    expect(JSON.stringify(listed)).not.toContain(second.key);
    expect((await listKeys(db())).length).toBeGreaterThan(listed.length);
  });

  it('records when a key was last used, at most once a minute', async () => {
    const { key, record } = await createKey(db(), { workspace: { name: 'usage' }, name: 'k' });
    expect(record.lastUsedAt).toBeNull();
    await authenticate(db(), key);
    const used = await authenticate(db(), key);
    expect(used?.lastUsedAt).toBeInstanceOf(Date);
    await db().query(`update api_keys set last_used_at = last_used_at - interval '2 minutes' where key_id = $1`, [record.id]);
    const earlier = (await authenticate(db(), key))?.lastUsedAt;
    const later = (await authenticate(db(), key))?.lastUsedAt;
    expect(later?.getTime()).toBeGreaterThan(earlier?.getTime() ?? Infinity);
  });

  it('refuses unknown scopes, bad names and unknown workspace ids', async () => {
    await expect(createKey(db(), { workspace: { name: 'w' }, name: 'k', scopes: ['write'] })).rejects.toThrow(InvalidKeyRequestError);
    await expect(createKey(db(), { workspace: { name: 'w' }, name: '' })).rejects.toThrow(InvalidKeyRequestError);
    await expect(createKey(db(), { workspace: { name: 'w' }, name: 'x'.repeat(81) })).rejects.toThrow(InvalidKeyRequestError);
    await expect(createKey(db(), { workspace: { id: randomUUID() }, name: 'k' })).rejects.toThrow(WorkspaceNotFoundError);
  });

  it('enforces the bounds in the table too', async () => {
    const { record } = await createKey(db(), { workspace: { name: 'bounds' }, name: 'k' });
    await expect(
      db().query(`update api_keys set scopes = array_fill('read'::text, array[9]) where key_id = $1`, [record.id]),
    ).rejects.toMatchObject({ constraint: 'api_keys_scopes_ck' });
    await expect(db().query(`update api_keys set key_hash = 'plaintext' where key_id = $1`, [record.id])).rejects.toMatchObject({
      constraint: 'api_keys_key_hash_ck',
    });
    const other = await createKey(db(), { workspace: { name: 'bounds' }, name: 'k2' });
    const duplicate = await db()
      .query(`update api_keys set key_hash = (select key_hash from api_keys where key_id = $2) where key_id = $1`, [
        record.id,
        other.record.id,
      ])
      .catch((error: unknown) => error);
    expect(isUniqueViolation(duplicate, 'api_keys_key_hash_uq')).toBe(true);
  });

  it('issues no more keys than the cap into a workspace, not counting revoked keys or other workspaces', async () => {
    const cap = { maxActiveKeys: 2 };
    const first = await createKey(db(), { workspace: { name: 'capped' }, name: 'one', ...cap });
    await createKey(db(), { workspace: { name: 'capped' }, name: 'two', ...cap });
    const refused = createKey(db(), { workspace: { id: first.record.workspace.id }, name: 'three', ...cap });
    await expect(refused).rejects.toThrow(KeyLimitReachedError);
    await expect(refused).rejects.toMatchObject({
      status: 409,
      message: expect.stringMatching(/^workspace capped already has 2 active keys, the most a workspace may hold .*revoke one/),
    });
    expect(await listKeys(db(), { workspaceId: first.record.workspace.id })).toHaveLength(2);
    await createKey(db(), { workspace: { name: 'capped elsewhere' }, name: 'one', ...cap });
    await revokeKey(db(), first.record.id);
    await createKey(db(), { workspace: { name: 'capped' }, name: 'three', ...cap });
    await expect(createKey(db(), { workspace: { name: 'capped' }, name: 'four', ...cap })).rejects.toThrow(KeyLimitReachedError);
    // Without a cap (the first key of a store, tests) any number may be issued.
    await createKey(db(), { workspace: { name: 'capped' }, name: 'uncapped' });
  });
});

describePostgres('the key cap under concurrent creation', (database) => {
  const db = suiteDatabase(database);

  it('issues exactly the cap when keys are created at once from two pools', async () => {
    const second = await openPgPool(db().url ?? '', { max: 10 });
    try {
      const { record } = await createKey(db(), { workspace: { name: 'racing' }, name: 'first' });
      const attempts = await Promise.allSettled(
        Array.from({ length: 20 }, (_, i) =>
          createKey(i % 2 === 0 ? db() : second, { workspace: { id: record.workspace.id }, name: `k${i}`, maxActiveKeys: 5 }),
        ),
      );
      expect(attempts.filter((attempt) => attempt.status === 'fulfilled')).toHaveLength(4);
      for (const attempt of attempts) if (attempt.status === 'rejected') expect(attempt.reason).toBeInstanceOf(KeyLimitReachedError);
      expect(await listKeys(db(), { workspaceId: record.workspace.id })).toHaveLength(5);
    } finally {
      await second.close();
    }
  });
});
