import { createDailyCsvParser, type DailyCsvFormat } from '#ingest/shared/price-support';
import { NSE_DAILY_HISTORY_COLUMNS } from './columns.ts';

/**
 * The NIFTY 50 daily history (2000-2020, one file per stock): one daily candle per row, the
 * symbol as NSE used it that day. The dataset stores Turnover as rupees x 10^5 written as a
 * float (`463325404089999.94`); NSE published rupees with two decimals, so the value is
 * shifted back by 10^5 and rounded to paise, which removes the float noise exactly.
 */
export const nseDailyHistoryFormat = {
  format: 'nse-daily-history',
  version: 3,
  description: 'NIFTY 50 stocks daily price history (Date,Symbol,Series,...,VWAP,Volume,Turnover,Trades): daily candles',
  source: 'nse',
  exchange: 'NSE',
  oneSecurity: true,
  columns: NSE_DAILY_HISTORY_COLUMNS,
  value: { power: -5, decimals: 2 },
  otherColumns: ['VWAP', 'Deliverable Volume'],
} as const satisfies DailyCsvFormat<string>;

export const nseDailyHistoryParser = createDailyCsvParser(nseDailyHistoryFormat);
