/**
 * The UDiFF (unified distilled file format) bhavcopy layout, BhavCopy_<NSE|BSE>_CM_0_0_0_YYYYMMDD_F_0000.csv:
 * ISO 20022-style names, one row per instrument. NSE (from 8 July 2024) and BSE publish the
 * same 34 columns in the same order; `Src` says whose file it is.
 */
export const UDIFF_LAYOUT = [
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

/** The exchange a UDiFF file is published by, as its `Src` column writes it. */
export type UdiffPublisher = 'NSE' | 'BSE';
