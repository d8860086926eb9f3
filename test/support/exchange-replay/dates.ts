/**
 * The date spellings the exchanges use, read into ISO days (YYYY-MM-DD). One place, because
 * every listing carries its own: NSE `09-Jan-2025 21:39`, `31-MAY-2025 18:17:41`, `4-Jan-95`,
 * NSE query `DD-MM-YYYY`, BSE query and `exdate` `YYYYMMDD`, BSE `26 Apr 2001`, BSE CSV
 * `21-08-2021 22:02:39`.
 */
const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'] as const;

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

const iso = (year: number, month: number, day: number): string | undefined =>
  month >= 1 && month <= 12 && day >= 1 && day <= 31 ? `${pad(year, 4)}-${pad(month)}-${pad(day)}` : undefined;

/** Two-digit years are the 1900s from 50 up, as NSE's long re-saved archives write them. */
const fullYear = (year: string): number => (year.length === 2 ? (Number(year) >= 50 ? 1900 : 2000) + Number(year) : Number(year));

/** `09-Jan-2025 21:39`, `31-MAY-2025`, `26 Apr 2001`, `4-Jan-95`: a day with a month name. */
export function dayOfNamedMonth(text: string | null | undefined): string | undefined {
  const match = /^\s*(\d{1,2})[- ]([A-Za-z]{3})[- ](\d{4}|\d{2})\b/.exec(text ?? '');
  if (!match) return undefined;
  const month = MONTHS.indexOf(match[2]!.toUpperCase() as (typeof MONTHS)[number]) + 1;
  return iso(fullYear(match[3]!), month, Number(match[1]));
}

/** `DD-MM-YYYY` (NSE's query parameters; BSE's announcement CSV with a time after it). */
export function dayOfDmy(text: string | null | undefined): string | undefined {
  const match = /^\s*(\d{2})-(\d{2})-(\d{4})\b/.exec(text ?? '');
  return match ? iso(Number(match[3]), Number(match[2]), Number(match[1])) : undefined;
}

/** `YYYYMMDD` (BSE's query parameters and `exdate`), or an ISO date-time's day. */
export function dayOfCompact(text: string | null | undefined): string | undefined {
  const match = /^(\d{4})-?(\d{2})-?(\d{2})/.exec(text ?? '');
  return match ? iso(Number(match[1]), Number(match[2]), Number(match[3])) : undefined;
}

export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** `2021-01-06` as NSE's archive names spell it: `06`, `JAN`, `2021`. */
export function nseNameParts(day: string): { dd: string; mon: string; mm: string; yyyy: string } {
  const [yyyy, mm, dd] = day.split('-') as [string, string, string];
  return { dd, mon: MONTHS[Number(mm) - 1]!, mm, yyyy };
}

export function monthNumber(mon: string): number {
  return MONTHS.indexOf(mon.toUpperCase() as (typeof MONTHS)[number]) + 1;
}

/** A day's 18:00 IST (12:30 UTC), when the exchanges' end-of-day files appear: their Last-Modified. */
export const eveningOf = (day: string): number => Date.parse(`${day}T12:30:00Z`);
