import { fixedHundredthsText } from '#platform/decimals';
import type { DailyCandle } from './daily-candle.ts';
import type { Company } from './universe.ts';

const HEADER =
  'TradDt,BizDt,Sgmt,Src,FinInstrmTp,FinInstrmId,ISIN,TckrSymb,SctySrs,XpryDt,FininstrmActlXpryDt,StrkPric,OptnTp,FinInstrmNm,OpnPric,HghPric,LwPric,ClsPric,LastPric,PrvsClsgPric,UndrlygPric,SttlmPric,OpnIntrst,ChngInOpnIntrst,TtlTradgVol,TtlTrfVal,TtlNbOfTxsExctd,SsnId,NewBrdLotQty,Rmks,Rsvd1,Rsvd2,Rsvd3,Rsvd4';

/** The file name of a day's UDiFF bhavcopy: `BhavCopy_NSE_CM_0_0_0_20240708_F_0000.csv`. */
export const udiffFileName = (date: string) => `BhavCopy_NSE_CM_0_0_0_${date.replace(/-/g, '')}_F_0000.csv`;

/**
 * NSE's UDiFF CM bhavcopy for one trading day (the format since 8 July 2024): ISO dates,
 * prices and traded value with two decimals, one STK row per company; the instrument id is
 * a token made from the company's index, as NSE's are opaque numbers.
 */
export function writeUdiffBhavcopy(date: string, rows: ReadonlyArray<{ company: Company; candle: DailyCandle }>): Uint8Array {
  const sorted = [...rows].sort((a, b) => a.company.symbol.localeCompare(b.company.symbol));
  const price = fixedHundredthsText;
  const lines = sorted.map(({ company, candle: c }) =>
    [
      date,
      date,
      'CM',
      'NSE',
      'STK',
      90_000 + company.index,
      company.isin,
      company.symbol,
      'EQ',
      '',
      '',
      '',
      '',
      company.name.toUpperCase(),
      price(c.open),
      price(c.high),
      price(c.low),
      price(c.close),
      price(c.last),
      price(c.previousClose),
      '',
      price(c.close),
      '',
      '',
      c.volume,
      price(c.value),
      c.trades,
      'F1',
      1,
      '',
      '',
      '',
      '',
      '',
    ].join(','),
  );
  return new TextEncoder().encode([HEADER, ...lines].map((line) => `${line}\n`).join(''));
}
