import { expect, it } from 'vitest';
import { describeEachDatabase, describePostgres, suiteDatabase, type OpenedTestDatabase } from '../../../test/support/databases.ts';
import { createKey } from './create-key.ts';
import { openPgPool } from '../../platform/db/pg-pool.ts';
import { countRequest } from './count-request.ts';
import type { WindowCount } from './rate-limit-verdict.ts';
import { pruneRateLimitCounters } from './prune-rate-limit-counters.ts';
import { windowsAt } from './rate-limit-windows.ts';

const givenKey = async (db: OpenedTestDatabase) => (await createKey(db, { workspace: { name: 'counting' }, name: 'k' })).record.id;

/** What a key's counters hold: the request count of each window kind. */
async function countersOf(db: OpenedTestDatabase, key: string) {
  const { rows } = await db.query<{ window_kind: string; request_count: number }>(
    'select window_kind, request_count from rate_limit_counters where key_id = $1',
    [key],
  );
  return Object.fromEntries(rows.map((row) => [row.window_kind, row.request_count]));
}

/** A request's counts, one per window: the count, and ' reached' when the window refused it. */
const tally = (counts: readonly WindowCount[]) => counts.map((c) => `${c.count}${c.reached ? ' reached' : ''}`);

describeEachDatabase('counting requests per key', (database) => {
  const db = suiteDatabase(database);

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

  it('stops at the monthly allowance', async () => {
    const key = await givenKey(db());
    const windows = windowsAt({ perMinute: 100, monthly: 2 }, at);
    await countRequest(db(), key, windows);
    await countRequest(db(), key, windows);
    expect(tally(await countRequest(db(), key, windows))).toEqual(['3', '2 reached']);
    expect(await countersOf(db(), key)).toEqual({ minute: 3, month: 2 });
  });

  it('charges a request counted as several (an MCP batch) whole in every window, or not at all', async () => {
    const key = await givenKey(db());
    const windows = windowsAt({ perMinute: 10, monthly: 12 }, at);
    expect(tally(await countRequest(db(), key, windows, 4))).toEqual(['4', '4']);
    expect(tally(await countRequest(db(), key, windows, 6))).toEqual(['10', '10']);
    // 0 left this minute: refused, and nothing charged anywhere.
    expect(tally(await countRequest(db(), key, windows, 2))).toEqual(['10 reached', '10']);
    const nextMinute = windowsAt({ perMinute: 10, monthly: 12 }, new Date('2025-06-14T12:01:00Z'));
    // 10 left this minute, 2 this month: the month refuses 3, and the minute keeps its charge.
    expect(tally(await countRequest(db(), key, nextMinute, 3))).toEqual(['3', '10 reached']);
    expect(tally(await countRequest(db(), key, nextMinute, 2))).toEqual(['5', '12']);
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

describePostgres('counting requests from many connections at once', (database) => {
  const db = suiteDatabase(database);

  /**
   * `requests` requests, each counted as `cost`, sent at once to one key over two pools, at 25
   * a minute: how many were admitted, and what the key's counters hold then.
   */
  async function race(requests: number, cost: number) {
    const key = await givenKey(db());
    const second = await openPgPool(db().url ?? '', { max: 10 });
    try {
      const windows = windowsAt({ perMinute: 25, monthly: 1000 }, new Date('2025-06-14T12:00:15Z'));
      const results = await Promise.all(
        Array.from({ length: requests }, (_, i) => countRequest(i % 2 === 0 ? db() : second, key, windows, cost)),
      );
      return { admitted: results.filter((counts) => !counts.some((c) => c.reached)).length, counters: await countersOf(db(), key) };
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
});
