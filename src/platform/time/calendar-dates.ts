/** Calendar arithmetic on ISO dates (YYYY-MM-DD), in UTC so no time zone shifts a day. */

const toUtc = (date: string) => Date.parse(`${date}T00:00:00Z`);
const fromUtc = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export const addDays = (date: string, days: number): string => fromUtc(toUtc(date) + days * 86_400_000);

/** The same day n months later (or earlier), clamped to the month's last day. */
export function addMonths(date: string, months: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const index = year * 12 + (month - 1) + months;
  const lastDay = new Date(Date.UTC(Math.floor(index / 12), (index % 12) + 1, 0)).getUTCDate();
  return fromUtc(Date.UTC(Math.floor(index / 12), index % 12, Math.min(day, lastDay)));
}

/** Whole months a period from `start` to `end` (both inclusive) spans, rounded: Apr 1..Dec 31 is 9. */
export function monthsSpanned(start: string, end: string): number {
  const after = addDays(end, 1);
  const [y1, m1, d1] = start.split('-').map(Number) as [number, number, number];
  const [y2, m2, d2] = after.split('-').map(Number) as [number, number, number];
  return Math.round((y2 - y1) * 12 + (m2 - m1) + (d2 - d1) / 30.44);
}

export const isIsoDate = (text: string | null | undefined): text is string =>
  typeof text === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(text) && fromUtc(toUtc(text)) === text;
