/**
 * Indian Standard Time: UTC+05:30, no daylight saving. The exchanges write times without a
 * zone, in IST.
 */
export const IST_OFFSET_MINUTES = 330;
const IST_OFFSET_MS = IST_OFFSET_MINUTES * 60_000;
const DAY_MS = 86_400_000;

/** An Indian local date and time of day to an ISO instant in UTC. */
export function istToIso(date: string, hours = 0, minutes = 0, seconds = 0): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day, hours, minutes, seconds) - IST_OFFSET_MS).toISOString();
}

/** An IST wall-clock time on a date (seconds since its midnight) as epoch milliseconds. */
export const istInstant = (date: string, secondOfDay: number): number =>
  Date.parse(`${date}T00:00:00Z`) + secondOfDay * 1000 - IST_OFFSET_MS;

/** The IST date and time of day of an instant. */
export function istParts(ms: number): { date: string; hours: number; minutes: number; seconds: number } {
  const local = new Date(ms + IST_OFFSET_MS);
  return {
    date: local.toISOString().slice(0, 10),
    hours: local.getUTCHours(),
    minutes: local.getUTCMinutes(),
    seconds: local.getUTCSeconds(),
  };
}

/** The Indian calendar date (YYYY-MM-DD) of an instant: 2024-04-21T19:00:00Z is 22 April there. */
export function istDateOf(iso: string): string {
  return new Date(Date.parse(iso) + IST_OFFSET_MS).toISOString().slice(0, 10);
}

/**
 * The instant an Indian calendar day begins, for the day an instant falls in. IST has no
 * daylight saving, so this is plain arithmetic (bucketing a year of bars calls it often).
 */
export function istDayStartMs(ms: number): number {
  return Math.floor((ms + IST_OFFSET_MS) / DAY_MS) * DAY_MS - IST_OFFSET_MS;
}
