import type { DailyField } from '#ingest/shared/price-support';

/**
 * The columns of BSE's UDiFF bhavcopy (../../shared/price-support/udiff-layout.ts) read into
 * candles. The ticker is `FinInstrmId`, BSE's scrip code, not `TckrSymb` (BSE's symbol): BSE's
 * older bhavcopy (bse-equity-bhavcopy) states only the scrip code, and BSE candles are keyed by
 * it, so a security's candles from both files are one series. `SctySrs` is BSE's group.
 */
export const BSE_UDIFF_COLUMNS = {
  date: 'TradDt',
  ticker: 'FinInstrmId',
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
