import type { DailyField } from '#ingest/shared/price-support';

/** The columns of the UDiFF layout (../../shared/price-support/udiff-layout.ts) read: the candle's, and those that say which rows are cash-market equities. */
export const NSE_UDIFF_COLUMNS = {
  date: 'TradDt',
  ticker: 'TckrSymb',
  series: 'SctySrs',
  isin: 'ISIN',
  open: 'OpnPric',
  high: 'HghPric',
  low: 'LwPric',
  close: 'ClsPric',
  volume: 'TtlTradgVol',
  value: 'TtlTrfVal',
  trades: 'TtlNbOfTxsExctd',
  segment: 'Sgmt',
  instrumentType: 'FinInstrmTp',
  publisher: 'Src',
  previousClose: 'PrvsClsgPric',
} as const satisfies Partial<Record<DailyField | 'segment' | 'instrumentType' | 'publisher', string>>;
