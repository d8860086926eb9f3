import type { SqlExecutor } from '#platform/db/db';
import type { WindowCount } from './rate-limit-verdict.ts';
import type { RateWindow } from './rate-limit-windows.ts';

/**
 * Builds one statement that charges a request's cost (`$2`, requests it counts as) in every
 * window. Window i is charged only if window i-1 admitted the request, and only if the whole
 * cost fits under its limit (`do update ... where`, and no insert of a cost over the limit):
 * a refused request is not charged at all, not even in part, and a count never passes its
 * limit, however many processes count at once (the upsert locks the row it updates). The
 * final select also reads each window's count as it stood before, for the windows not reached.
 */
function countingStatement(windows: readonly RateWindow[]): string {
  const ctes = windows.map((_, i) => {
    const p = 3 + i * 3; // $1 is the key id, $2 the cost; then kind, start, limit per window
    const admittedBefore = i === 0 ? '' : ` and exists (select 1 from w${i - 1})`;
    return `w${i} as (
      insert into rate_limit_counters as c (key_id, window_kind, window_start, request_count)
      select $1::uuid, $${p}::text, $${p + 1}::timestamptz, $2::bigint where $2::bigint <= $${p + 2}::bigint${admittedBefore}
      on conflict on constraint rate_limit_counters_pk
      do update set request_count = c.request_count + $2::bigint where c.request_count + $2::bigint <= $${p + 2}::bigint
      returning request_count)`;
  });
  const columns = windows.map((_, i) => {
    const p = 3 + i * 3;
    return `(select request_count from w${i}) as counted_${i},
      (select request_count from rate_limit_counters
        where key_id = $1::uuid and window_kind = $${p}::text and window_start = $${p + 1}::timestamptz) as before_${i}`;
  });
  return `with ${ctes.join(',\n')}\nselect ${columns.join(',\n')}`;
}

/**
 * Counts a request of a key in each window, in one round trip; see `countingStatement`.
 * `cost` is how many requests it counts as: 1, or the calls of an MCP JSON-RPC batch.
 */
export async function countRequest(db: SqlExecutor, keyId: string, windows: readonly RateWindow[], cost = 1): Promise<WindowCount[]> {
  if (windows.length === 0) return [];
  if (!Number.isSafeInteger(cost) || cost < 1)
    throw new RangeError(`a request counts as a whole number of requests, at least 1, not ${cost}`);
  const params: unknown[] = [keyId, cost];
  for (const w of windows) params.push(w.kind, w.start.toISOString(), w.limit);
  const { rows } = await db.query<Record<string, number | null>>(countingStatement(windows), params);
  const row = rows[0] ?? {};
  let refused = false;
  return windows.map((window, i) => {
    const counted = row[`counted_${i}`] ?? null;
    const before = row[`before_${i}`] ?? 0;
    if (refused) return { window, count: before, reached: false };
    if (counted === null) {
      refused = true;
      // The statement's snapshot may predate a concurrent charge that filled the window, so
      // the count is at least what refuses this cost.
      return { window, count: Math.max(before, window.limit - cost + 1), reached: true };
    }
    return { window, count: counted, reached: false };
  });
}
