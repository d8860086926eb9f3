import { addDays, endOfMonth } from './date-arithmetic.ts';

/** Calendar quarters: the three months ending on the last day of March, June, September or December. */

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
export const quarterStart = (quarterEnd: string): string =>
  addDays(endOfMonth(Number(quarterEnd.slice(0, 4)), Number(quarterEnd.slice(5, 7)) - 3), 1);
