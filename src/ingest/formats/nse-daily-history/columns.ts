import type { DailyField } from '#ingest/shared/price-support';

/**
 * The columns of the NIFTY 50 daily history files (Kaggle "NIFTY-50 Stock Market Data",
 * one file per constituent, built from NSE's security-wise reports) read into candles.
 * Last, VWAP and the delivery columns are not read.
 */
export const NSE_DAILY_HISTORY_COLUMNS = {
  date: 'Date',
  ticker: 'Symbol',
  series: 'Series',
  open: 'Open',
  high: 'High',
  low: 'Low',
  close: 'Close',
  volume: 'Volume',
  value: 'Turnover',
  trades: 'Trades',
  previousClose: 'Prev Close',
} as const satisfies Partial<Record<DailyField, string>>;
