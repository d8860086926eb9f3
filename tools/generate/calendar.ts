/**
 * Calendar arithmetic and the date spellings of the exchange files. Dates are ISO
 * `YYYY-MM-DD` strings handled in UTC; times are epoch milliseconds, shown in IST
 * (UTC+05:30, no daylight saving) as the exchanges write them.
 */
const DAY_MS = 86_400_000;
const IST_OFFSET_MS = 330 * 60_000;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

const toMs = (date: string) => Date.parse(`${date}T00:00:00Z`);
const fromMs = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const pad = (n: number) => String(n).padStart(2, '0');

export const addDays = (date: string, days: number): string => fromMs(toMs(date) + days * DAY_MS);
export const daysBetween = (from: string, to: string): number => Math.round((toMs(to) - toMs(from)) / DAY_MS);

/** The last day of a month (month 1..12; months past 12 or below 1 roll over the year). */
export function endOfMonth(year: number, month: number): string {
  return fromMs(Date.UTC(year, month, 0));
}

/** Whether a date is the last day of March, June, September or December. */
export function isQuarterEnd(date: string): boolean {
  const month = Number(date.slice(5, 7));
  return month % 3 === 0 && endOfMonth(Number(date.slice(0, 4)), month) === date;
}

/** The `count` calendar quarter ends up to and including `end`, oldest first. */
export function quarterEndsUpTo(end: string, count: number): string[] {
  const year = Number(end.slice(0, 4));
  const month = Number(end.slice(5, 7));
  return Array.from({ length: count }, (_, i) => endOfMonth(year, month - 3 * (count - 1 - i)));
}

/** The first day of the three months ending at a quarter end. */
export const quarterStart = (quarterEnd: string) => addDays(endOfMonth(Number(quarterEnd.slice(0, 4)), Number(quarterEnd.slice(5, 7)) - 3), 1);

export const isWeekday = (date: string) => {
  const day = new Date(toMs(date)).getUTCDay();
  return day !== 0 && day !== 6;
};

/** The next weekday on or after a date. */
export function weekdayOnOrAfter(date: string): string {
  let day = date;
  while (!isWeekday(day)) day = addDays(day, 1);
  return day;
}

/** The `count` weekdays up to and including `end` (or the last weekday before it), oldest first. */
export function weekdaysUpTo(end: string, count: number): string[] {
  const days: string[] = [];
  for (let day = end; days.length < count; day = addDays(day, -1)) if (isWeekday(day)) days.unshift(day);
  return days;
}

/** An IST wall-clock time on a date as epoch milliseconds. */
export const istInstant = (date: string, secondOfDay: number) => toMs(date) + secondOfDay * 1000 - IST_OFFSET_MS;

/** The IST date and time of day of an instant. */
export function istParts(ms: number): { date: string; hours: number; minutes: number; seconds: number } {
  const local = new Date(ms + IST_OFFSET_MS);
  return { date: local.toISOString().slice(0, 10), hours: local.getUTCHours(), minutes: local.getUTCMinutes(), seconds: local.getUTCSeconds() };
}

export const isoInstant = (ms: number) => new Date(ms).toISOString();

const parts = (date: string) => ({ year: date.slice(0, 4), month: MONTHS[Number(date.slice(5, 7)) - 1] ?? 'Jan', day: date.slice(8, 10) });

/** `31-Jan-2025`, as NSE's results listing writes dates. */
export function dayMonYear(date: string): string {
  const { year, month, day } = parts(date);
  return `${day}-${month}-${year}`;
}

/** `06-JAN-2021`, as NSE's master and bhavcopy write dates. */
export const dayMonYearUpper = (date: string) => dayMonYear(date).toUpperCase();

/** `24 Apr 2009`, as BSE's corporate-actions export writes dates. */
export function daySpaceMonYear(date: string): string {
  const { year, month, day } = parts(date);
  return `${day} ${month} ${year}`;
}

/** `06JAN2021`, the date in a bhavcopy's file name. */
export const bhavcopyStamp = (date: string) => dayMonYearUpper(date).replace(/-/g, '');

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
