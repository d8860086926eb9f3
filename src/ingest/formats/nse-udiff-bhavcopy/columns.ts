import type { DailyField } from '../../shared/price-support/daily-candle.ts';

/**
 * NSE's UDiFF common bhavcopy layout (BhavCopy_NSE_CM_0_0_0_YYYYMMDD_F_0000.csv, from
 * July 2024), as NSE publishes it: ISO 20022-style names, one row per instrument.
 */
export const NSE_UDIFF_LAYOUT = [
  'TradDt',
  'BizDt',
  'Sgmt',
  'Src',
  'FinInstrmTp',
  'FinInstrmId',
  'ISIN',
  'TckrSymb',
  'SctySrs',
  'XpryDt',
  'FininstrmActlXpryDt',
  'StrkPric',
  'OptnTp',
  'FinInstrmNm',
  'OpnPric',
  'HghPric',
  'LwPric',
  'ClsPric',
  'LastPric',
  'PrvsClsgPric',
  'UndrlygPric',
  'SttlmPric',
  'OpnIntrst',
  'ChngInOpnIntrst',
  'TtlTradgVol',
  'TtlTrfVal',
  'TtlNbOfTxsExctd',
  'SsnId',
  'NewBrdLotQty',
  'Rmks',
  'Rsvd1',
  'Rsvd2',
  'Rsvd3',
  'Rsvd4',
] as const;

/** The columns read: the candle's, and those that say which rows are cash-market equities. */
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
