import type { Exchange, PriceInterval } from '#schemas/common';
import type { Candle } from '#schemas/read-models';
import { type SqlExecutor, toPgArray } from '#platform/db';
import { SERIES_RANK_SQL, seriesFilterSql } from './equity-series.ts';
import { tickersOf } from './tickers-of.ts';
import { CANDLES, DAILY_FROM_BARS } from './tables.ts';
import { CANDLE_ROW_COLUMNS, type CandleRowRead, toCandle } from './to-candle.ts';

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
  /**
   * Only candles knowable at this instant, each by its own `known_at` (`candleKnownAt`: a
   * daily candle at its day's 15:30 IST close, a bar at its end; a daily candle from bars at
   * its last bar's end); null for every candle held.
   */
  readonly asOf?: string | null | undefined;
  readonly limit: number;
}

// $1 exchange, $2 tickers, $3 interval, $4 series, $5 start, $6 end, $7 limit, $8 as of.
// A candle cannot be known before it starts, so `start <= as_of` bounds the scan too.
const WINDOW = `t.exchange = $1 and t.ticker = k.ticker and ${seriesFilterSql('$4')}
        and ($5::timestamptz is null or t.start >= $5) and ($6::timestamptz is null or t.start <= $6)
        and ($8::timestamptz is null or t.start <= $8)`;

// Each ticker's part is an ordered scan of the primary key that the limit stops early (a
// renamed company trades under two tickers); for 1d, the daily candles from bars likewise.
// Then one candle per start: a file's candle before one from bars, the best-ranked series,
// then the version known later. A share trades under one series a day, so starts repeat
// only rarely; the inner limit leaves room for twice the rows (the nearest `limit` starts
// are always among them).
const listSql = (direction: 'asc' | 'desc') => `
  select * from (
    select distinct on (t.start) t.*
    from unnest($2::text[]) as k(ticker)
    cross join lateral (
      (select ${CANDLE_ROW_COLUMNS}, false as derived from ${CANDLES} t
       where t.interval = $3 and ${WINDOW} and ($8::timestamptz is null or t.known_at <= $8)
       order by t.start ${direction}, t.series ${direction}
       limit 2 * $7)
      union all
      (select ${CANDLE_ROW_COLUMNS}, true as derived from ${DAILY_FROM_BARS} t
       where $3 = '1d' and ${WINDOW} and ($8::timestamptz is null or t.known_at <= $8)
       order by t.start ${direction}, t.series ${direction}
       limit 2 * $7)
    ) t
    order by t.start ${direction}, t.derived, ${SERIES_RANK_SQL}, t.known_at desc
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
 * For `1d`, a day no daily file covers has the candle built from its 5-minute bars
 * (`derived`).
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
    params.asOf ?? null,
  ]);
  return rows.map(toCandle);
}
