import type { SqlExecutor } from '#platform/db';
import type { WindowCount } from './rate-limit-verdict.ts';
import type { RateWindow } from './rate-limit-windows.ts';

/**
 * Adds a request's cost (`$2`, the requests it counts as) to every window's count, creating the
 * rows a new window needs, and returns each window's count after. The rows are taken in the
 * windows' order (the short one first) by every process, so two requests never wait for each
 * other's second row; each holds its rows' locks until its transaction ends.
 */
function chargingStatement(windows: readonly RateWindow[]): string {
  const rows = windows.map((_, i) => `($1::uuid, $${3 + i * 2}::text, $${4 + i * 2}::timestamptz, $2::bigint)`);
  return `insert into rate_limit_counters as c (key_id, window_kind, window_start, request_count)
    values ${rows.join(', ')}
    on conflict on constraint rate_limit_counters_pk do update set request_count = c.request_count + excluded.request_count
    returning window_kind, request_count`;
}

/** Thrown to roll a refused request's charges back; carries what the verdict needs. */
class Refused extends Error {
  readonly counts: WindowCount[];
  constructor(counts: WindowCount[]) {
    super('refused');
    this.counts = counts;
  }
}

/**
 * Counts a request of a key in each window, in one transaction: the request is charged to
 * every window, and if any window's count then passes its limit the transaction is rolled
 * back, so a refused request is charged to no window (a request the month refuses is not
 * charged to the minute, nor the other way round) and a batch is charged whole or not at all.
 * The charge locks each window's row and adds to its latest count, so however many processes
 * count at once a window never admits more than its limit, and a request waiting for a row
 * is decided on the count the one before it left.
 * `cost` is how many requests it counts as: 1, or the calls of an MCP JSON-RPC batch.
 */
export async function countRequest(db: SqlExecutor, keyId: string, windows: readonly RateWindow[], cost = 1): Promise<WindowCount[]> {
  if (windows.length === 0) return [];
  if (!Number.isSafeInteger(cost) || cost < 1)
    throw new RangeError(`a request counts as a whole number of requests, at least 1, not ${cost}`);
  const params: unknown[] = [keyId, cost];
  for (const w of windows) params.push(w.kind, w.start.toISOString());
  try {
    return await db.transaction(async (tx) => {
      const { rows } = await tx.query<{ window_kind: string; request_count: number | string }>(chargingStatement(windows), params);
      const counts = windows.map((window) => {
        const after = Number(rows.find((row) => row.window_kind === window.kind)?.request_count ?? cost);
        return { window, after, reached: after > window.limit };
      });
      if (counts.some((c) => c.reached))
        throw new Refused(counts.map((c) => ({ window: c.window, count: c.after - cost, reached: c.reached })));
      return counts.map((c) => ({ window: c.window, count: c.after, reached: false }));
    });
  } catch (error) {
    if (error instanceof Refused) return error.counts;
    throw error;
  }
}
