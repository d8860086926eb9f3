import { addDays } from './date-arithmetic.ts';

/** Whether an ISO date is Monday to Friday. */
export const isWeekday = (date: string): boolean => {
  const day = new Date(Date.parse(`${date}T00:00:00Z`)).getUTCDay();
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
