import type { DailyField } from '#ingest/shared/price-support';

/**
 * The columns of NSE's "full bhavcopy with delivery" (sec_bhavdata_full_DDMMYYYY.csv) read
 * into candles. NSE writes every header and value after the first with a leading space;
 * cells are compared trimmed. The file states no ISIN.
 */
export const NSE_FULL_BHAVCOPY_COLUMNS = {
  ticker: 'SYMBOL',
  series: 'SERIES',
  date: 'DATE1',
  open: 'OPEN_PRICE',
  high: 'HIGH_PRICE',
  low: 'LOW_PRICE',
  close: 'CLOSE_PRICE',
  volume: 'TTL_TRD_QNTY',
  value: 'TURNOVER_LACS',
  trades: 'NO_OF_TRADES',
  previousClose: 'PREV_CLOSE',
} as const satisfies Partial<Record<DailyField, string>>;
