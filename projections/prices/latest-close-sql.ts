import { EQUITY_SERIES, SERIES_RANK_SQL } from './equity-series.ts';
import { LATEST_CANDLES } from './tables.ts';

/**
 * SQL text of a query yielding, per (exchange, ticker), the newest daily close:
 * columns `exchange, ticker, series, isin, close, start` (close numeric, start timestamptz,
 * series null when not stated). Use it as a CTE or subquery, e.g.
 *
 *   with latest_close as (${latestCloseSql()})
 *   select c.company_id, l.close from rm_companies_v2 c
 *   join latest_close l on l.exchange = 'NSE' and l.ticker = c.nse_symbol
 *
 * It reads the newest-candle table (one row per security, series and interval), not the
 * history, so it costs a few thousand rows. Only the series a share trades under count
 * (`EQUITY_SERIES`; a company's bonds under its symbol are left out); of those the newest
 * candle wins, EQ first on a tie. `isin` is the ISIN any file stated for the security (the
 * NIFTY 50 history states none, a bhavcopy does); join on the ticker when it is null.
 * The text holds no parameters, so it can be embedded in a statement with its own.
 */
export function latestCloseSql(): string {
  const series = EQUITY_SERIES.map((s) => `'${s}'`).join(', ');
  return `select distinct on (t.exchange, t.ticker)
            t.exchange, t.ticker, nullif(t.series, '') as series, t.isin, t.close, t.start
          from ${LATEST_CANDLES} t
          where t.interval = '1d' and (t.exchange = 'BSE' or t.series in (${series}))
          order by t.exchange, t.ticker, t.start desc, ${SERIES_RANK_SQL}`;
}
