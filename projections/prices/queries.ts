import type { PriceDatasetStats } from '#schemas/read-models';
import type { SqlExecutor } from '#platform/db';
import { CANDLES, QUOTES } from './tables.ts';

export { getLatestQuote, type LatestQuoteParams } from './latest-quote.ts';
export { latestCloseSql } from './latest-close-sql.ts';
export { listCandles, type ListCandlesParams } from './list-candles.ts';

/**
 * Candles plus quote snapshots stored, and the latest knowledge and recording times, for
 * the dataset index. Counting scans the tables: cheap at the sample's size, a second or so
 * at tens of millions of candles; the index calls it rarely.
 */
export async function pricesDatasetStats(db: SqlExecutor): Promise<PriceDatasetStats> {
  const { rows } = await db.query<{ rows: number; latest_known_at: Date | null; latest_recorded_at: Date | null }>(
    `with parts as (
       select count(*) as n, max(known_at) as known_at, max(recorded_at) as recorded_at from ${CANDLES}
       union all
       select count(*), max(known_at), max(recorded_at) from ${QUOTES}
     )
     select sum(n)::int8 as rows, max(known_at) as latest_known_at, max(recorded_at) as latest_recorded_at from parts`,
  );
  const row = rows[0];
  return {
    rows: row?.rows ?? 0,
    latest_known_at: row?.latest_known_at?.toISOString() ?? null,
    latest_recorded_at: row?.latest_recorded_at?.toISOString() ?? null,
  };
}
