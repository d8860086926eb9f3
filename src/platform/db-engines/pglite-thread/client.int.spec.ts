import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPgliteThread, type PgliteThreadDatabase } from './client.ts';

// On disk, so a folder starts as a copy of the build's empty cluster rather than an initdb.
const folder = () => mkdtemp(path.join(os.tmpdir(), 'pglite-thread-'));

describe('embedded PGlite in its own thread', () => {
  let db: PgliteThreadDatabase;
  const folders: string[] = [];
  beforeAll(async () => {
    folders.push(await folder());
    db = await openPgliteThread(folders[0]);
    await db.query('create table t (id int primary key, note text)');
  });
  afterAll(async () => {
    await db.close();
    await Promise.all(folders.map((dir) => rm(dir, { recursive: true, force: true })));
  });

  it('returns rows with the shared type parsers, and raises the engine errors with their SQLSTATE and constraint', async () => {
    const { rows } = await db.query<{ n: number; d: string; x: string }>(`select 7::int8 as n, date '2025-03-31' as d, 1.10::numeric as x`);
    expect(rows).toEqual([{ n: 7, d: '2025-03-31', x: '1.10' }]);
    await db.query('insert into t values ($1, $2)', [1, 'one']);
    await expect(db.query('insert into t values ($1, $2)', [1, 'again'])).rejects.toMatchObject({ code: '23505', constraint: 't_pkey' });
    await expect(db.query('select * from missing')).rejects.toMatchObject({ code: '42P01', message: expect.stringMatching(/missing/) });
  });

  it('rolls a transaction back whole when a statement or the callback fails, and commits it otherwise', async () => {
    await expect(
      db.transaction(async (tx) => {
        await tx.query('insert into t values ($1, $2)', [2, 'two']);
        await tx.query('insert into t values ($1, $2)', [1, 'duplicate']);
      }),
    ).rejects.toMatchObject({ code: '23505' });
    await expect(
      db.transaction(async (tx) => {
        await tx.query('insert into t values ($1, $2)', [3, 'three']);
        throw new Error('the caller gave up');
      }),
    ).rejects.toThrow('the caller gave up');
    await db.transaction((tx) => tx.transaction((inner) => inner.query('insert into t values ($1, $2)', [4, 'four'])));
    const { rows } = await db.query<{ id: number }>('select id from t order by id');
    expect(rows.map((row) => row.id)).toEqual([1, 4]);
  });

  it('keeps this thread free while a long statement runs in the engine', async () => {
    let ticks = 0;
    const timer = setInterval(() => ticks++, 5);
    try {
      // Several hundred milliseconds of work inside the engine: on this thread, no timer would fire meanwhile.
      await db.query('select count(*) from generate_series(1, 3000000) g where g % 7 = 3');
    } finally {
      clearInterval(timer);
    }
    expect(ticks).toBeGreaterThan(5);
  });

  it("answers a read sent while ingestion's transaction and statements are queued before them", async () => {
    const order: string[] = [];
    const held = db.transaction(async (tx) => {
      await tx.query('select pg_sleep(0.2)');
      order.push('transaction');
    });
    const queued = [1, 2, 3].map((n) => db.query('select $1::int as n', [n]).then(() => order.push(`ingest ${n}`)));
    const read = db.foreground.query('select count(*) from t').then(() => order.push('read'));
    await Promise.all([held, read, ...queued]);
    expect(order).toEqual(['transaction', 'read', 'ingest 1', 'ingest 2', 'ingest 3']);
  });

  it('refuses statements after it is closed, saying why', async () => {
    const dir = await folder();
    folders.push(dir);
    const other = await openPgliteThread(dir);
    await other.close();
    await expect(other.query('select 1')).rejects.toThrow(/embedded database's thread ended/);
  });
});
