import { describe, expect, it } from 'vitest';
import { ReadTimeoutError } from '#platform/errors';
import type { Database, QueryResult } from './db.ts';
import { limitReadTime } from './read-time-limit.ts';

const ROWS: QueryResult<object> = { rows: [{ n: 1 }], rowCount: 1 };

/** A database whose every statement settles as `answer` says, after `ms`. */
function fakeDatabase(kind: Database['kind'], ms: number, answer: () => Promise<QueryResult<object>>): Database {
  const later = () =>
    new Promise<QueryResult<object>>((resolve, reject) => {
      setTimeout(() => void answer().then(resolve, reject), ms);
    });
  return {
    kind,
    query: later as Database['query'],
    transaction: (fn) =>
      later().then(() => fn({ query: later as Database['query'], transaction: () => Promise.reject(new Error('nested')) })),
    close: () => Promise.resolve(),
  };
}

const canceled = () => Promise.reject(Object.assign(new Error('canceling statement due to statement timeout'), { code: '57014' }));

describe('limitReadTime on embedded PGlite: a deadline, the statement left to finish', () => {
  it('answers a statement that takes longer than the limit with a ReadTimeoutError, at the limit', async () => {
    let finished = false;
    const db = limitReadTime(
      fakeDatabase('pglite', 200, () => {
        finished = true;
        return Promise.resolve(ROWS);
      }),
      20,
    );
    const error: unknown = await db.query('select 1').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ReadTimeoutError);
    expect(error).toMatchObject({ status: 503, retryAfterSeconds: 1, message: expect.stringMatching(/limit of 20 ms/) as unknown });
    expect(finished).toBe(false);
  });

  it('bounds a transaction as a whole, and drops a late failure without an unhandled rejection', async () => {
    const db = limitReadTime(fakeDatabase('pglite', 100, canceled), 10);
    await expect(db.transaction((tx) => tx.query('select 1'))).rejects.toBeInstanceOf(ReadTimeoutError);
    await new Promise((resolve) => setTimeout(resolve, 150));
  });

  it('passes a statement within the limit, and its own errors, through unchanged', async () => {
    expect(
      await limitReadTime(
        fakeDatabase('pglite', 1, () => Promise.resolve(ROWS)),
        1_000,
      ).query('select 1'),
    ).toBe(ROWS);
    const failing = limitReadTime(
      fakeDatabase('pglite', 1, () => Promise.reject(new Error('relation does not exist'))),
      1_000,
    );
    await expect(failing.query('select 1')).rejects.toThrow('relation does not exist');
  });
});

describe('limitReadTime on a server: its cancellation made the same error', () => {
  it("turns query_canceled (57014) into a ReadTimeoutError naming the limit, with the server's error as its cause", async () => {
    const db = limitReadTime(fakeDatabase('postgres', 1, canceled), 5_000);
    const error: unknown = await db.query('select 1').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ReadTimeoutError);
    expect(error).toMatchObject({ retryAfterSeconds: 5, message: expect.stringMatching(/limit of 5000 ms/) as unknown });
    expect((error as Error).cause).toMatchObject({ code: '57014' });
  });

  it('never times a statement itself: the server does', async () => {
    const db = limitReadTime(
      fakeDatabase('postgres', 60, () => Promise.resolve(ROWS)),
      10,
    );
    expect(await db.query('select 1')).toBe(ROWS);
    const other = limitReadTime(
      fakeDatabase('postgres', 1, () => Promise.reject(Object.assign(new Error('x'), { code: '23505' }))),
      10,
    );
    await expect(other.query('select 1')).rejects.not.toBeInstanceOf(ReadTimeoutError);
  });
});
