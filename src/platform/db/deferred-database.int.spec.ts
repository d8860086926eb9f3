import { describe, expect, it } from 'vitest';
import { pgliteThread, postgres, type TestDatabase } from '../../../test/support/databases.ts';
import type { Database } from './db.ts';
import { deferredDatabase } from './deferred-database.ts';

/** What a caller may ask of a database before it uses it: its kind and which optional parts it has. */
const shapeOf = (db: Database) => ({
  kind: db.kind,
  foreground: db.foreground !== undefined,
  listen: db.listen !== undefined,
  queryText: db.queryText !== undefined,
  foregroundShape: db.foreground && { listen: db.foreground.listen !== undefined, queryText: db.foreground.queryText !== undefined },
});

function settles(promise: Promise<unknown>): Promise<boolean> {
  return Promise.race([
    promise.then(
      () => true,
      () => true,
    ),
    new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 50)),
  ]);
}

// The service builds its API on a database still opening (src/runtime/start-service.ts).
for (const database of [pgliteThread, postgres].filter((d): d is TestDatabase => d !== undefined)) {
  describe(`a database still opening [${database.name}]`, () => {
    it('has the shape the opened one has, and its statements run there once it is open and ready', async () => {
      const opened = await database.open();
      try {
        let ready!: () => void;
        const deferred = deferredDatabase(opened.kind, Promise.resolve(opened), new Promise<void>((resolve) => (ready = resolve)));
        expect(shapeOf(deferred)).toEqual(shapeOf(opened));
        const answer = deferred.query<{ n: number }>('select 41 + 1 as n');
        const fromForeground = (deferred.foreground ?? deferred).query<{ n: number }>('select 2 as n');
        // Held until ready, then answered by the database opened.
        expect(await settles(answer)).toBe(false);
        ready();
        expect((await answer).rows).toEqual([{ n: 42 }]);
        expect((await fromForeground).rows).toEqual([{ n: 2 }]);
        expect(await deferred.transaction((tx) => tx.query<{ n: number }>('select 3 as n'))).toMatchObject({ rows: [{ n: 3 }] });
        if (deferred.queryText) expect((await deferred.queryText('select 1.50::numeric as x', [])).rows).toEqual([['1.50']]);
      } finally {
        await opened.close();
      }
    });
  });
}

describe('a database that fails to open', () => {
  it('fails each statement with the reason, and closing it does nothing', async () => {
    const deferred = deferredDatabase('pglite', Promise.reject(new Error('the data folder is in use')));
    await expect(deferred.query('select 1')).rejects.toThrow('the data folder is in use');
    await expect(deferred.foreground?.query('select 1')).rejects.toThrow('the data folder is in use');
    await expect(deferred.close()).resolves.toBeUndefined();
  });
});
