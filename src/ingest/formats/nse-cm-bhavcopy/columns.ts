import type { DailyField } from '#ingest/shared/price-support';

/**
 * The columns of NSE's legacy CM bhavcopy (cmDDMMMYYYYbhav.csv) read into candles, PREVCLOSE
 * among them (the previous close NSE states, the base of the day's change). LAST is not
 * read: a candle has no last-traded field.
 */
export const NSE_CM_BHAVCOPY_COLUMNS = {
  ticker: 'SYMBOL',
  series: 'SERIES',
  open: 'OPEN',
  high: 'HIGH',
  low: 'LOW',
  close: 'CLOSE',
  volume: 'TOTTRDQTY',
  value: 'TOTTRDVAL',
  date: 'TIMESTAMP',
  trades: 'TOTALTRADES',
  isin: 'ISIN',
  previousClose: 'PREVCLOSE',
} as const satisfies Partial<Record<DailyField, string>>;
