import { bhavcopyStamp, dayMonYearUpper } from '#domain/indian-text';
import { hundredthsText } from '#platform/decimals';
import type { DailyCandle } from './daily-candle.ts';
import type { Company } from './universe.ts';

const HEADER = 'SYMBOL,SERIES,OPEN,HIGH,LOW,CLOSE,LAST,PREVCLOSE,TOTTRDQTY,TOTTRDVAL,TIMESTAMP,TOTALTRADES,ISIN,';

/** The file name NSE gives a day's legacy bhavcopy: `cm06JAN2021bhav.csv`. */
export const bhavcopyFileName = (date: string) => `cm${bhavcopyStamp(date)}bhav.csv`;

/**
 * NSE's legacy CM bhavcopy for one trading day: LF, every line (the header too) ending with
 * a comma, prices without trailing zeros (`1282.1`, `1300`), traded value in rupees,
 * TIMESTAMP `06-JAN-2021`; one EQ row per company, by symbol.
 */
export function writeCmBhavcopy(date: string, rows: ReadonlyArray<{ company: Company; candle: DailyCandle }>): Uint8Array {
  const sorted = [...rows].sort((a, b) => a.company.symbol.localeCompare(b.company.symbol));
  const day = dayMonYearUpper(date);
  const lines = sorted.map(({ company, candle: c }) =>
    [
      company.symbol,
      'EQ',
      hundredthsText(c.open),
      hundredthsText(c.high),
      hundredthsText(c.low),
      hundredthsText(c.close),
      hundredthsText(c.last),
      hundredthsText(c.previousClose),
      c.volume,
      hundredthsText(c.value),
      day,
      c.trades,
      company.isin,
      '',
    ].join(','),
  );
  return new TextEncoder().encode([HEADER, ...lines].map((line) => `${line}\n`).join(''));
}
