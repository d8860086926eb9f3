import type { SqlExecutor } from '../../platform/db/db.ts';
import type { WindowCount } from './rate-limit-verdict.ts';
import type { RateWindow } from './rate-limit-windows.ts';

/**
 * Builds one statement that counts a request in every window. Window i is charged only if
 * window i-1 admitted the request, and only while under its limit (`do update ... where`):
 * a refused request is not charged to later windows, and a count never passes its limit,
 * however many processes count at once (the upsert locks the row it updates). The final
 * select also reads each window's count as it stood before, for the windows not reached.
 */
function countingStatement(windows: readonly RateWindow[]): string {
  const ctes = windows.map((_, i) => {
    const p = 2 + i * 3; // $1 is the key id; then kind, start, limit per window
    const source =
      i === 0
        ? `values ($1::uuid, $${p}::text, $${p + 1}::timestamptz, 1::bigint)`
        : `select $1::uuid, $${p}::text, $${p + 1}::timestamptz, 1::bigint where exists (select 1 from w${i - 1})`;
    return `w${i} as (
      insert into rate_limit_counters as c (key_id, window_kind, window_start, request_count) ${source}
      on conflict on constraint rate_limit_counters_pk
      do update set request_count = c.request_count + 1 where c.request_count < $${p + 2}::bigint
      returning request_count)`;
  });
  const columns = windows.map((_, i) => {
    const p = 2 + i * 3;
    return `(select request_count from w${i}) as counted_${i},
      (select request_count from rate_limit_counters
        where key_id = $1::uuid and window_kind = $${p}::text and window_start = $${p + 1}::timestamptz) as before_${i}`;
  });
  return `with ${ctes.join(',\n')}\nselect ${columns.join(',\n')}`;
}

/** Counts one request of a key in each window, in one round trip; see `countingStatement`. */
export async function countRequest(db: SqlExecutor, keyId: string, windows: readonly RateWindow[]): Promise<WindowCount[]> {
  if (windows.length === 0) return [];
  const params: unknown[] = [keyId];
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
      return { window, count: Math.max(before, window.limit), reached: true };
    }
    return { window, count: counted, reached: false };
  });
}
