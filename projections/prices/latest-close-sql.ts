import { EQUITY_SERIES, SERIES_RANK_SQL } from './equity-series.ts';
import { DAILY_FROM_BARS, LATEST_CANDLES } from './tables.ts';

/**
 * SQL text of a query yielding, per (exchange, ticker), the newest daily close:
 * columns `exchange, ticker, series, isin, close, start, known_at, derived` (close numeric,
 * start and known_at timestamptz, series null when not stated, derived boolean; known_at is
 * the candle's own: its day's close, or its last bar's end for a candle from bars). Use it as a CTE or subquery, e.g.
 *
 *   with latest_close as (${latestCloseSql()})
 *   select c.company_id, l.close from rm_companies_v4 c
 *   join latest_close l on l.exchange = 'NSE' and l.ticker = c.nse_symbol
 *
 * It reads the newest-candle table (one row per security, series and interval), not the
 * history, so it costs a few thousand rows, and the daily candles built from 5-minute bars
 * (`derived`), so a share whose newest data are intraday bars closes on their day; a daily
 * file's candle wins over a built one of the same day. Only the series a share trades under
 * count (`EQUITY_SERIES`; a company's bonds under its symbol are left out); of those the
 * newest candle wins, EQ first on a tie. `isin` is the ISIN any file stated for the security
 * (the NIFTY 50 history states none, a bhavcopy does); join on the ticker when it is null.
 * The text holds no parameters, so it can be embedded in a statement with its own.
 */
export function latestCloseSql(): string {
  const series = EQUITY_SERIES.map((s) => `'${s}'`).join(', ');
  return `select distinct on (t.exchange, t.ticker)
            t.exchange, t.ticker, nullif(t.series, '') as series, t.isin, t.close, t.start, t.known_at, t.derived
          from (select exchange, ticker, series, isin, close, start, known_at, false as derived from ${LATEST_CANDLES} where interval = '1d'
                union all
                select exchange, ticker, series, isin, close, start, known_at, true as derived from ${DAILY_FROM_BARS}) t
          where t.exchange = 'BSE' or t.series in (${series})
          order by t.exchange, t.ticker, t.start desc, t.derived, ${SERIES_RANK_SQL}`;
}
