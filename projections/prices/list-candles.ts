import type { Exchange } from '../../schemas/common/primitives.ts';
import type { PriceInterval } from '../../schemas/common/vocabularies.ts';
import type { Candle } from '../../schemas/read-models/price.ts';
import type { SqlExecutor } from '../../src/db/db.ts';
import { toPgArray } from '../../src/db/pg-array.ts';
import { SERIES_RANK_SQL, seriesFilterSql } from './equity-series.ts';
import { tickersOf } from './tickers-of.ts';
import { CANDLES } from './tables.ts';
import { type CandleRowRead, toCandle } from './to-candle.ts';

export interface ListCandlesParams {
  readonly exchange: Exchange;
  /** Tickers the security trades under on `exchange`: NSE symbols (former ones too) or BSE codes. */
  readonly tickers: readonly string[];
  /** Also the tickers that carried this ISIN in any price file of `exchange`. */
  readonly isin?: string | null | undefined;
  /** Only this series; by default the series a share trades under (see `EQUITY_SERIES`). */
  readonly series?: string | null | undefined;
  readonly interval: PriceInterval;
  /** Candles starting at or after this instant. */
  readonly start?: string | null | undefined;
  /** Candles starting at or before this instant. */
  readonly end?: string | null | undefined;
  readonly limit: number;
}

// Each ticker's part is an ordered scan of the primary key that the limit stops early (a
// renamed company trades under two tickers). Then one candle per start: the best-ranked
// series, then the version known later. A share trades under one series a day, so starts
// repeat only rarely; the inner limit leaves room for twice the rows.
const listSql = (direction: 'asc' | 'desc') => `
  select * from (
    select distinct on (t.start) t.*
    from unnest($2::text[]) as k(ticker)
    cross join lateral (
      select t.* from ${CANDLES} t
      where t.exchange = $1 and t.ticker = k.ticker and t.interval = $3 and ${seriesFilterSql('$4')}
        and ($5::timestamptz is null or t.start >= $5) and ($6::timestamptz is null or t.start <= $6)
      order by t.start ${direction}, t.series ${direction}
      limit 2 * $7
    ) t
    order by t.start ${direction}, ${SERIES_RANK_SQL}, t.known_at desc
    limit $7
  ) t
  order by t.start`;
const FROM_START = listSql('asc');
const NEWEST = listSql('desc');

/**
 * Candles of one security, oldest first. The limit keeps the candles nearest the anchor:
 * with `start`, the first `limit` candles from `start` on (page forward by passing the
 * last start + 1 ms); without it, the newest `limit` candles up to `end` (or up to the
 * newest stored), still returned oldest first. So "the last 500 days" needs no dates.
 * A window compares each candle's start: a daily candle starts 09:15 IST of its day.
 */
export async function listCandles(db: SqlExecutor, params: ListCandlesParams): Promise<Candle[]> {
  const tickers = await tickersOf(db, params);
  if (tickers.length === 0) return [];
  const { rows } = await db.query<CandleRowRead>(params.start ? FROM_START : NEWEST, [
    params.exchange,
    toPgArray(tickers),
    params.interval,
    params.series ?? null,
    params.start ?? null,
    params.end ?? null,
    params.limit,
  ]);
  return rows.map(toCandle);
}
