import { fixedHundredthsText, hundredthsText } from '#platform/decimals';
import type { DailyCandle } from './daily-candle.ts';
import type { Company } from './universe.ts';
import { bhavcopyFileName, writeCmBhavcopy } from './write-cm-bhavcopy.ts';
import { udiffFileName, writeUdiffBhavcopy } from './write-udiff-bhavcopy.ts';

/** NSE replaced the legacy CM bhavcopy with the UDiFF one on this trading day. */
export const UDIFF_FROM = '2024-07-08';

/** How the day's bhavcopy writes a number of hundredths: two decimals in UDiFF, the shortest form before. */
export const bhavcopyNumber = (date: string) => (date >= UDIFF_FROM ? fixedHundredthsText : hundredthsText);

/** A day's bhavcopy in the format NSE published that day. */
export function writeBhavcopy(
  date: string,
  rows: ReadonlyArray<{ company: Company; candle: DailyCandle }>,
): { path: string; bytes: Uint8Array } {
  return date >= UDIFF_FROM
    ? { path: `bhavcopy/${udiffFileName(date)}`, bytes: writeUdiffBhavcopy(date, rows) }
    : { path: `bhavcopy/${bhavcopyFileName(date)}`, bytes: writeCmBhavcopy(date, rows) };
}
