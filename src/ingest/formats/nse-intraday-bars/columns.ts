import type { ColumnSpec } from '#ingest/shared/parse-support';

/**
 * The columns of an intraday bar file (Kite Connect historical-candle style): the bar's
 * start time with its offset (`2023-07-03 09:15:00+05:30`), prices, and volume in shares.
 * There is no symbol column: the file is one symbol's, named after it.
 */
export const NSE_INTRADAY_BAR_COLUMNS = {
  start: 'date',
  open: 'open',
  high: 'high',
  low: 'low',
  close: 'close',
  volume: 'volume',
} as const satisfies ColumnSpec<string>;

export type NseIntradayBarColumn = keyof typeof NSE_INTRADAY_BAR_COLUMNS;
