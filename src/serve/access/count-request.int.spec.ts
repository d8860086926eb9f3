import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { describeEachDatabase, describePostgres, suiteDatabase, type OpenedTestDatabase } from '../../../test/support/databases.ts';
import { createKey } from './create-key.ts';
import type { SqlExecutor } from '#platform/db/db';
import { openPgPool } from '#platform/db-engines/pg-pool';
import { countRequest } from './count-request.ts';
import { databaseRequestCounter, processRequestCounter, type RequestCounter } from './request-counter.ts';
import type { WindowCount } from './rate-limit-verdict.ts';
import { pruneRateLimitCounters } from './prune-rate-limit-counters.ts';
import { type RateWindow, windowsAt } from './rate-limit-windows.ts';

const givenKey = async (db: OpenedTestDatabase) => (await createKey(db, { workspace: { name: 'counting' }, name: 'k' })).record.id;

/** What a key's counters hold: the request count of each window kind. */
async function storedCounters(db: OpenedTestDatabase, key: string) {
  const { rows } = await db.query<{ window_kind: string; request_count: number }>(
    'select window_kind, request_count from rate_limit_counters where key_id = $1',
    [key],
  );
  return Object.fromEntries(rows.map((row) => [row.window_kind, row.request_count]));
}

/** A request's counts, one per window: the count, and ' reached' when the window refused it. */
const tally = (counts: readonly WindowCount[]) => counts.map((c) => `${c.count}${c.reached ? ' reached' : ''}`);

/** Each counter, over a suite's database: the rules are the same wherever the counts are kept. */
const COUNTERS: readonly [string, (db: OpenedTestDatabase) => RequestCounter][] = [
  ['in the database, a transaction a request', (db) => databaseRequestCounter(db)],
  ['in this process, written to the database', (db) => processRequestCounter(db, { flushEveryMs: 60_000 })],
];

describeEachDatabase('counting requests per key', (database) => {
  const db = suiteDatabase(database);

  describe.each(COUNTERS)('%s', (_name, counterOf) => {
    let current: RequestCounter | undefined;
    beforeEach(() => {
      current = counterOf(db());
    });
    afterEach(() => current?.close());
    const counter = () => current as RequestCounter;
    /** A request counted as `cost` by this test's counter (the database is the suite's, as with the statement alone). */
    const countRequest = (_db: unknown, key: string, windows: readonly RateWindow[], cost = 1) => counter().count(key, windows, cost);
    /** The key's stored counters, once the counter has written what it holds. */
    const countersOf = async (_db: unknown, key: string) => {
      await counter().flush();
      return storedCounters(db(), key);
    };

    const at = new Date('2025-06-14T12:00:15Z');

    it('counts in both windows, per key, and stops at the per-minute limit', async () => {
      const key = await givenKey(db());
      const other = await givenKey(db());
      const windows = windowsAt({ perMinute: 3, monthly: 100 }, at);
      const seen = [];
      for (let i = 0; i < 4; i++) seen.push(await countRequest(db(), key, windows));
      expect(seen.map(tally)).toEqual([
        ['1', '1'],
        ['2', '2'],
        ['3', '3'],
        // Refused by the minute: not charged to the month, whose count is read as it stood.
        ['3 reached', '3'],
      ]);
      expect((await countRequest(db(), other, windows)).map((c) => c.count)).toEqual([1, 1]);
      // The next minute starts from nothing; the month goes on.
      const next = windowsAt({ perMinute: 3, monthly: 100 }, new Date('2025-06-14T12:01:00Z'));
      expect((await countRequest(db(), key, next)).map((c) => c.count)).toEqual([1, 4]);
    });

    it('stops at the monthly allowance, and charges what the month refuses to no window', async () => {
      const key = await givenKey(db());
      const windows = windowsAt({ perMinute: 100, monthly: 2 }, at);
      await countRequest(db(), key, windows);
      await countRequest(db(), key, windows);
      expect(tally(await countRequest(db(), key, windows))).toEqual(['2', '2 reached']);
      expect(tally(await countRequest(db(), key, windows))).toEqual(['2', '2 reached']);
      expect(await countersOf(db(), key)).toEqual({ minute: 2, month: 2 });
    });

    it('charges a request counted as several (an MCP batch) whole in every window, or not at all', async () => {
      const key = await givenKey(db());
      const windows = windowsAt({ perMinute: 10, monthly: 12 }, at);
      expect(tally(await countRequest(db(), key, windows, 4))).toEqual(['4', '4']);
      expect(tally(await countRequest(db(), key, windows, 6))).toEqual(['10', '10']);
      // 0 left this minute: refused, and nothing charged anywhere.
      expect(tally(await countRequest(db(), key, windows, 2))).toEqual(['10 reached', '10']);
      const nextMinute = windowsAt({ perMinute: 10, monthly: 12 }, new Date('2025-06-14T12:01:00Z'));
      // 10 left this minute, 2 this month: the month refuses 3, and the minute is not charged either.
      expect(tally(await countRequest(db(), key, nextMinute, 3))).toEqual(['0', '10 reached']);
      expect(tally(await countRequest(db(), key, nextMinute, 2))).toEqual(['2', '12']);
      expect(await countersOf(db(), key)).toMatchObject({ month: 12 });
      // A cost over a limit never fits, even in a fresh window.
      const other = await givenKey(db());
      expect(await countRequest(db(), other, windows, 11)).toMatchObject([{ reached: true }, { reached: false }]);
      expect(await countersOf(db(), other)).toEqual({});
      await expect(countRequest(db(), other, windows, 0)).rejects.toThrow(RangeError);
    });

    it('counts one window alone when the other is off, and nothing when both are', async () => {
      const key = await givenKey(db());
      expect(await countRequest(db(), key, windowsAt({ perMinute: undefined, monthly: 5 }, at))).toMatchObject([
        { window: { kind: 'month' }, count: 1 },
      ]);
      expect(await countRequest(db(), key, [])).toEqual([]);
    });

    it('prunes minute windows older than a day and month windows before the month two months back', async () => {
      const key = await givenKey(db());
      const limits = { perMinute: 10, monthly: 10 };
      for (const when of ['2025-03-31T23:59:00Z', '2025-04-01T00:00:00Z', '2025-06-13T11:59:00Z', '2025-06-13T12:01:00Z']) {
        await countRequest(db(), key, windowsAt(limits, new Date(when)));
      }
      await counter().flush();
      await pruneRateLimitCounters(db(), new Date('2025-06-14T12:00:15Z'));
      const { rows } = await db().query<{ window_kind: string; window_start: Date }>(
        'select window_kind, window_start from rate_limit_counters where key_id = $1 order by window_kind, window_start',
        [key],
      );
      expect(rows.map((r) => `${r.window_kind} ${r.window_start.toISOString()}`)).toEqual([
        'minute 2025-06-13T12:01:00.000Z',
        'month 2025-04-01T00:00:00.000Z',
        'month 2025-06-01T00:00:00.000Z',
      ]);
    });
  });
});

describePostgres('counting requests from many connections at once', (database) => {
  const db = suiteDatabase(database);

  /**
   * `requests` requests, each counted as `cost`, sent at once to one key over two pools, at 25
   * a minute and `monthUsed` of 1000 this month: how many were admitted, and what the key's
   * counters hold then.
   */
  async function race(requests: number, cost: number, monthUsed = 0) {
    const key = await givenKey(db());
    const second = await openPgPool(db().url ?? '', { max: 10 });
    try {
      const windows = windowsAt({ perMinute: 25, monthly: 1000 }, new Date('2025-06-14T12:00:15Z'));
      if (monthUsed > 0) {
        await db().query(
          `insert into rate_limit_counters (key_id, window_kind, window_start, request_count) values ($1, 'month', $2, $3)`,
          [key, windows[1]?.start.toISOString(), monthUsed],
        );
      }
      const results = await Promise.all(
        Array.from({ length: requests }, (_, i) => countRequest(i % 2 === 0 ? db() : second, key, windows, cost)),
      );
      return { admitted: results.filter((counts) => !counts.some((c) => c.reached)).length, counters: await storedCounters(db(), key) };
    } finally {
      await second.close();
    }
  }

  it('admits exactly the limit however the requests race', async () => {
    expect(await race(60, 1)).toEqual({ admitted: 25, counters: { minute: 25, month: 25 } });
  });

  it('admits racing batches whole, never past the limit', async () => {
    expect(await race(30, 4)).toEqual({ admitted: 6, counters: { minute: 24, month: 24 } });
  });

  it('admits exactly what is left of the month, and charges the minute only with what it admitted', async () => {
    expect(await race(40, 1, 993)).toEqual({ admitted: 7, counters: { minute: 7, month: 1000 } });
    expect(await race(30, 3, 990)).toEqual({ admitted: 3, counters: { minute: 9, month: 999 } });
  });
});

describeEachDatabase('counting requests in the process that owns the database', (database) => {
  const db = suiteDatabase(database);
  const at = new Date('2025-06-14T12:00:15Z');
  const limits = { perMinute: 5, monthly: 100 };

  /** The suite's database, with the statements sent through it counted and writes failing while `failWrites` is set. */
  function watched() {
    const seen = { statements: 0, failWrites: false, lateWrites: false };
    const executor: SqlExecutor = {
      query: async <R extends object>(text: string, params?: readonly unknown[]) => {
        seen.statements++;
        if (seen.failWrites && text.startsWith('insert')) throw new Error('the disk is full');
        if (seen.lateWrites && text.startsWith('insert')) {
          // As the read time limit answers on PGlite (read-time-limit.ts): the statement runs
          // to its end, but its caller has been told it failed.
          await db().query<R>(text, params);
          throw new Error('the read took longer than its limit');
        }
        return db().query<R>(text, params);
      },
      transaction: (fn) => db().transaction(fn),
    };
    return { seen, executor };
  }

  it('reads a window once and then counts with no statement until it writes, at the interval or when flushed', async () => {
    const key = await givenKey(db());
    const { seen, executor } = watched();
    const counter = processRequestCounter(executor, { flushEveryMs: 60_000 });
    try {
      const windows = windowsAt(limits, at);
      await counter.count(key, windows, 1);
      expect(seen.statements).toBe(1);
      for (let i = 0; i < 5; i++) await counter.count(key, windows, 1);
      expect(seen.statements).toBe(1);
      expect(await storedCounters(db(), key)).toEqual({});
      await counter.flush();
      expect(seen.statements).toBe(2);
      expect(await storedCounters(db(), key)).toEqual({ minute: 5, month: 5 });
      // Nothing new counted: a flush writes nothing.
      await counter.flush();
      expect(seen.statements).toBe(2);
    } finally {
      await counter.close();
    }
  });

  it('goes on from what the database holds, as after a restart, and writes what it counted when closed', async () => {
    const key = await givenKey(db());
    const windows = windowsAt(limits, at);
    const first = processRequestCounter(db(), { flushEveryMs: 60_000 });
    for (let i = 0; i < 3; i++) await first.count(key, windows, 1);
    await first.close();
    expect(await storedCounters(db(), key)).toEqual({ minute: 3, month: 3 });
    const second = processRequestCounter(db(), { flushEveryMs: 60_000 });
    try {
      expect(tally(await second.count(key, windows, 2))).toEqual(['5', '5']);
      expect(tally(await second.count(key, windows, 1))).toEqual(['5 reached', '5']);
    } finally {
      await second.close();
    }
    expect(await storedCounters(db(), key)).toEqual({ minute: 5, month: 5 });
  });

  it('keeps the charges of a write that failed and writes them with the next', async () => {
    const key = await givenKey(db());
    const { seen, executor } = watched();
    const counter = processRequestCounter(executor, { flushEveryMs: 60_000 });
    try {
      const windows = windowsAt(limits, at);
      await counter.count(key, windows, 2);
      seen.failWrites = true;
      await expect(counter.flush()).rejects.toThrow('the disk is full');
      await counter.count(key, windows, 1);
      seen.failWrites = false;
      await counter.flush();
      expect(await storedCounters(db(), key)).toEqual({ minute: 3, month: 3 });
    } finally {
      await counter.close();
    }
  });

  it('counts a write that was done but reported failed (a late statement) once, not again with the next', async () => {
    const key = await givenKey(db());
    const { seen, executor } = watched();
    const counter = processRequestCounter(executor, { flushEveryMs: 60_000 });
    try {
      const windows = windowsAt(limits, at);
      await counter.count(key, windows, 2);
      seen.lateWrites = true;
      await expect(counter.flush()).rejects.toThrow('longer than its limit');
      seen.lateWrites = false;
      await counter.count(key, windows, 1);
      await counter.flush();
      expect(await storedCounters(db(), key)).toEqual({ minute: 3, month: 3 });
    } finally {
      await counter.close();
    }
  });

  it('decides requests that arrive together as one after another, never past the limit', async () => {
    const key = await givenKey(db());
    const counter = processRequestCounter(db(), { flushEveryMs: 60_000 });
    try {
      const results = await Promise.all(Array.from({ length: 12 }, () => counter.count(key, windowsAt(limits, at), 1)));
      expect(results.filter((counts) => !counts.some((c) => c.reached))).toHaveLength(5);
      await counter.flush();
      expect(await storedCounters(db(), key)).toEqual({ minute: 5, month: 5 });
    } finally {
      await counter.close();
    }
  });

  it('writes every interval on its own', async () => {
    const key = await givenKey(db());
    const counter = processRequestCounter(db(), { flushEveryMs: 20 });
    try {
      await counter.count(key, windowsAt(limits, at), 4);
      await expect.poll(() => storedCounters(db(), key), { timeout: 5_000 }).toEqual({ minute: 4, month: 4 });
    } finally {
      await counter.close();
    }
  });
});
