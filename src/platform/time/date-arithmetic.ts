/** Arithmetic on ISO dates (YYYY-MM-DD), in UTC so no time zone shifts a day. */

const DAY_MS = 86_400_000;
const toUtc = (date: string) => Date.parse(`${date}T00:00:00Z`);
const fromUtc = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export const addDays = (date: string, days: number): string => fromUtc(toUtc(date) + days * DAY_MS);

/** Whole days from one date to another (negative when `to` is earlier). */
export const daysBetween = (from: string, to: string): number => Math.round((toUtc(to) - toUtc(from)) / DAY_MS);

/** The last day of a month (month 1..12; months past 12 or below 1 roll over the year). */
export const endOfMonth = (year: number, month: number): string => fromUtc(Date.UTC(year, month, 0));

/** The same day n months later (or earlier), clamped to the month's last day. */
export function addMonths(date: string, months: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const index = year * 12 + (month - 1) + months;
  const lastDay = new Date(Date.UTC(Math.floor(index / 12), (index % 12) + 1, 0)).getUTCDate();
  return fromUtc(Date.UTC(Math.floor(index / 12), index % 12, Math.min(day, lastDay)));
}

/**
 * The same calendar day a year earlier, for pairing a period with the one covering the same
 * months. Unlike addMonths(date, -12), a month's last day maps to that month's last day
 * (2025-02-28 → 2024-02-29, 2024-02-29 → 2023-02-28), so quarter and year ends always pair.
 */
export function yearEarlier(date: string): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const lastDay = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate();
  const isMonthEnd = day === lastDay(year, month);
  const earlierDay = isMonthEnd ? lastDay(year - 1, month) : Math.min(day, lastDay(year - 1, month));
  return `${year - 1}-${String(month).padStart(2, '0')}-${String(earlierDay).padStart(2, '0')}`;
}

/** Whole months a period from `start` to `end` (both inclusive) spans, rounded: Apr 1..Dec 31 is 9. */
export function monthsSpanned(start: string, end: string): number {
  const after = addDays(end, 1);
  const [y1, m1, d1] = start.split('-').map(Number) as [number, number, number];
  const [y2, m2, d2] = after.split('-').map(Number) as [number, number, number];
  return Math.round((y2 - y1) * 12 + (m2 - m1) + (d2 - d1) / 30.44);
}
