import { parseIsoDay, addDays, endOfMonth } from '#platform/time';

const MONTH = /^\d{4}-\d{2}$/;

/** A day from `--monthly`: YYYY-MM-DD, or YYYY-MM for the month's first (`end` false) or last day. */
export function dayOf(text: string, end: boolean): string | undefined {
  if (parseIsoDay(text) !== undefined) return text;
  if (!MONTH.test(text)) return undefined;
  const [year, month] = text.split('-').map(Number) as [number, number];
  if (month < 1 || month > 12) return undefined;
  return end ? endOfMonth(year, month) : `${text}-01`;
}

/** Every month's last day from `from` to `to` (both YYYY-MM-DD, inclusive), in order. */
export function monthEnds(from: string, to: string): string[] {
  const days: string[] = [];
  let [year, month] = from.split('-').map(Number) as [number, number];
  for (let day = endOfMonth(year, month); day <= to; day = endOfMonth(year, month)) {
    if (day >= from) days.push(day);
    [year, month] = month === 12 ? [year + 1, 1] : [year, month + 1];
  }
  return days;
}

/**
 * The instant a month-end snapshot is as of: the end of its day in India (the last
 * millisecond before the next day's midnight IST), so everything disseminated that day counts.
 */
export const endOfIndianDay = (day: string): string => new Date(Date.parse(`${addDays(day, 1)}T00:00:00+05:30`) - 1).toISOString();
