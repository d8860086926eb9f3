import type { DailyField } from '#ingest/shared/price-support';

/**
 * The columns of NSE's "Security-wise Price volume & Deliverable position data" report
 * (one symbol, a date range) read into candles. Cells are quoted and numbers left-padded
 * with spaces; `-` means not given. Turnover is in rupees. The report states no ISIN.
 */
export const NSE_SECURITY_HISTORY_COLUMNS = {
  ticker: 'Symbol',
  series: 'Series',
  date: 'Date',
  open: 'Open Price',
  high: 'High Price',
  low: 'Low Price',
  close: 'Close Price',
  volume: 'Total Traded Quantity',
  value: 'Turnover',
  trades: 'No. of Trades',
  previousClose: 'Prev Close',
} as const satisfies Partial<Record<DailyField, string>>;
