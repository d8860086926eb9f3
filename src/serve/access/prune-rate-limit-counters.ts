import type { SqlExecutor } from '#platform/db';

/**
 * Deletes windows nobody will count in again: minute windows older than a day, and month
 * windows that started before the month two months back (kept that long to look back at
 * usage). Returns the rows deleted.
 */
export async function pruneRateLimitCounters(db: SqlExecutor, now: Date): Promise<number> {
  const dayAgo = new Date(now.getTime() - 86_400_000);
  const keepMonthsFrom = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 2, 1));
  const { rowCount } = await db.query(
    `delete from rate_limit_counters
     where (window_kind = 'minute' and window_start < $1::timestamptz)
        or (window_kind = 'month' and window_start < $2::timestamptz)`,
    [dayAgo.toISOString(), keepMonthsFrom.toISOString()],
  );
  return rowCount;
}
