import { istParts } from '#platform/time';
import { MONTH_ABBREVIATIONS } from './month-names.ts';

/**
 * Dates and times spelled as the exchange files write them (the synthetic data generator
 * writes its files with these); `exchange-date.ts` reads them back. Times are IST.
 */

const pad = (n: number) => String(n).padStart(2, '0');
const parts = (date: string) => ({
  year: date.slice(0, 4),
  month: MONTH_ABBREVIATIONS[Number(date.slice(5, 7)) - 1] ?? 'Jan',
  day: date.slice(8, 10),
});

/** `31-Jan-2025`, as NSE's results listing writes dates. */
export function dayMonYear(date: string): string {
  const { year, month, day } = parts(date);
  return `${day}-${month}-${year}`;
}

/** `06-JAN-2021`, as NSE's master and bhavcopy write dates. */
export const dayMonYearUpper = (date: string): string => dayMonYear(date).toUpperCase();

/** `24 Apr 2009`, as BSE's corporate-actions export writes dates. */
export function daySpaceMonYear(date: string): string {
  const { year, month, day } = parts(date);
  return `${day} ${month} ${year}`;
}

/** `06JAN2021`, the date in a bhavcopy's file name. */
export const bhavcopyStamp = (date: string): string => dayMonYearUpper(date).replace(/-/g, '');

/** `31-Jan-2025 18:45:56` (IST), the listing's dissemination time. */
export function istDateTimeText(ms: number, withSeconds = true): string {
  const { date, hours, minutes, seconds } = istParts(ms);
  return `${dayMonYear(date)} ${pad(hours)}:${pad(minutes)}${withSeconds ? `:${pad(seconds)}` : ''}`;
}

/**
 * `28012025115046`: the stamp in an NSE XBRL file name, ddmmyyyy and a 12-hour clock
 * (a filing at 18:45:16 is stamped 064516), as the real names show.
 */
export function nseFileStamp(ms: number): string {
  const { date, hours, minutes, seconds } = istParts(ms);
  const hour12 = hours % 12 === 0 ? 12 : hours % 12;
  return `${date.slice(8, 10)}${date.slice(5, 7)}${date.slice(0, 4)}${pad(hour12)}${pad(minutes)}${pad(seconds)}`;
}

/** `00:00:39`: the listing's "difference" between broadcast and dissemination. */
export function durationText(seconds: number): string {
  return `${pad(Math.floor(seconds / 3600))}:${pad(Math.floor(seconds / 60) % 60)}:${pad(seconds % 60)}`;
}
