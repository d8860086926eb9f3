import type { DailyField } from '#ingest/shared/price-support';

/**
 * The columns of BSE's equity bhavcopy (EQDDMMYY.CSV) read into candles: the scrip code is
 * the ticker and the group (`A `, `B `, `X `..., padded to two characters) the series. The
 * file states neither ISIN nor date.
 */
export const BSE_EQUITY_BHAVCOPY_COLUMNS = {
  ticker: 'SC_CODE',
  series: 'SC_GROUP',
  open: 'OPEN',
  high: 'HIGH',
  low: 'LOW',
  close: 'CLOSE',
  volume: 'NO_OF_SHRS',
  value: 'NET_TURNOV',
  trades: 'NO_TRADES',
  previousClose: 'PREVCLOSE',
} as const satisfies Partial<Record<DailyField, string>>;
