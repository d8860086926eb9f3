/**
 * Calendar days: ISO text `YYYY-MM-DD` and the day as numbers, in the proleptic Gregorian
 * calendar of `Date` (UTC, so no time zone shifts a day).
 */

/** A calendar day as numbers. */
export interface CalendarDay {
  readonly year: number;
  readonly month: number;
  readonly day: number;
}

/**
 * Milliseconds since the epoch of a UTC calendar time; undefined for an impossible one
 * (31 June, 29 February of a common year, 25:00). Years below 100 are taken as written.
 */
export function utcMs(year: number, month: number, day: number, hour = 0, minute = 0, second = 0, ms = 0): number | undefined {
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  date.setUTCHours(hour, minute, second, ms);
  const same =
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day &&
    date.getUTCHours() === hour &&
    date.getUTCMinutes() === minute &&
    date.getUTCSeconds() === second;
  return same ? date.getTime() : undefined;
}

/** Whether the day exists (no 31 June, 29 February only in leap years). */
export const isRealDay = ({ year, month, day }: CalendarDay): boolean => utcMs(year, month, day) !== undefined;

/** `YYYY-MM-DD` of a day. */
export const isoDay = ({ year, month, day }: CalendarDay): string =>
  `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;

/** A `YYYY-MM-DD` text as a real day, else undefined. */
export function parseIsoDay(text: string): CalendarDay | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return undefined;
  const day = { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) };
  return isRealDay(day) ? day : undefined;
}

/** Whether the text is a real day written `YYYY-MM-DD`. */
export const isIsoDate = (text: string | null | undefined): text is string => typeof text === 'string' && parseIsoDay(text) !== undefined;

/** The UTC calendar date of an instant, e.g. "2025-01-31". */
export function utcDateOf(ms: number): string {
  const date = new Date(ms);
  return isoDay({ year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() });
}
