import { afterEach, expect, it } from 'vitest';
import { countingProjection } from '../../../test/support/counting-projection.ts';
import { describeEachDatabase, describePostgres, suiteDatabase } from '../../../test/support/databases.ts';
import type { Database } from '#platform/db/db';
import { checkpointOf } from '#platform/event-store/event-store';
import { openPgPool } from '#platform/db-engines/pg-pool';
import { advanceCheckpoint, ensureProjection, readCheckpoint } from '#platform/projector/checkpoints';
import { announceProjectionChange } from '#platform/projector/projection-changes';
import { createResponseCache, type ResponseCache } from './response-cache.ts';

const ANSWER = { data: '[{"value":"1.50"}]', meta: '{"count":1}' };
const projection = countingProjection();

/** Resolves once `check` holds, trying every 20 ms for up to `ms`. */
async function eventually(check: () => boolean, ms = 3_000): Promise<boolean> {
  for (const end = Date.now() + ms; Date.now() < end; await new Promise((r) => setTimeout(r, 20))) if (check()) return true;
  return check();
}

/** Moves the test projection's checkpoint to another token over `db`, committing unless `rollBack`. */
async function moveCheckpoint(db: Database, rollBack = false): Promise<void> {
  await ensureProjection(db, projection);
  const from = (await readCheckpoint(db, projection))?.checkpoint;
  if (!from) throw new Error('no checkpoint');
  const move = db.transaction(async (tx) => {
    await advanceCheckpoint(tx, projection, from, checkpointOf(`${from}+`), 0, true);
    if (rollBack) throw new Error('rolled back');
  });
  await (rollBack ? expect(move).rejects.toThrow('rolled back') : move);
}

const opened: ResponseCache[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((cache) => cache.close()));
});

/** A cache over `db`, once it can tell the position (on a server, once it listens). */
async function listeningCache(db: Database, onMove?: () => void): Promise<ResponseCache> {
  const cache = createResponseCache(db, { maxBytes: 1024 ** 2, ...(onMove ? { onMove } : {}) });
  opened.push(cache);
  expect(await eventually(() => cache.position() !== undefined)).toBe(true);
  return cache;
}

describeEachDatabase('the response cache: answers remembered until a projection moves', (database) => {
  const db = suiteDatabase(database);

  it('remembers an answer read at the current position, and forgets it when this process projects', async () => {
    let moves = 0;
    const cache = await listeningCache(db(), () => moves++);
    cache.remember('a', cache.position(), ANSWER);
    expect(cache.get('a')).toEqual(ANSWER);
    const movesBefore = moves;
    announceProjectionChange('facts');
    expect(cache.get('a')).toBeUndefined();
    expect(moves).toBe(movesBefore + 1);
  });

  it('does not remember an answer read at a position that moved before it was remembered', async () => {
    const cache = await listeningCache(db());
    const at = cache.position();
    announceProjectionChange('facts');
    cache.remember('a', at, ANSWER);
    expect(cache.get('a')).toBeUndefined();
    cache.remember('a', cache.position(), ANSWER);
    expect(cache.get('a')).toEqual(ANSWER);
  });

  it('holds no more than its size, dropping the least recently used answers', async () => {
    const cache = createResponseCache(db(), { maxBytes: 4_000 });
    opened.push(cache);
    expect(await eventually(() => cache.position() !== undefined)).toBe(true);
    const large = { data: `"${'x'.repeat(900)}"`, meta: '{}' };
    for (const key of ['a', 'b', 'c']) cache.remember(key, cache.position(), large);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('c')).toEqual(large);
  });
});

describePostgres('the response cache across processes', (database) => {
  const db = suiteDatabase(database);

  it("forgets its answers when another connection's checkpoint move commits, and keeps them when it rolls back", async () => {
    const url = db().url;
    if (!url) throw new Error('a server database has a URL');
    const other = await openPgPool(url, { max: 2 });
    try {
      const cache = await listeningCache(db());
      cache.remember('a', cache.position(), ANSWER);
      await moveCheckpoint(other, true);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(cache.get('a')).toEqual(ANSWER);
      await moveCheckpoint(other);
      expect(await eventually(() => cache.get('a') === undefined)).toBe(true);
    } finally {
      await other.close();
    }
  });

  it('remembers nothing while it is not listening', async () => {
    const cache = createResponseCache(db(), { maxBytes: 1024 ** 2 });
    opened.push(cache);
    // Before its LISTEN has returned, the process cannot know whether the position moved.
    expect(cache.position()).toBeUndefined();
    cache.remember('a', cache.position(), ANSWER);
    expect(cache.get('a')).toBeUndefined();
  });
});
