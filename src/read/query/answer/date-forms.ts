/**
 * Dates as the writer prints them, and the exact instants behind packet timestamps. The
 * number check (`date-expressions.ts`) recognises these forms and compares them with the
 * packet's dates, so a date is never treated as a free number.
 */
export const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

const pad = (value: number, width = 2): string => String(value).padStart(width, '0');

/** Milliseconds since the epoch of a UTC calendar time; undefined for an impossible one (31 June, 25:00). */
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

/** Minutes east of UTC of a zone written as Z, UTC, GMT, IST, +05:30 or -0400. */
export function zoneOffsetMinutes(zone: string | undefined): number | undefined {
  if (zone === undefined || /^(z|utc|gmt)$/i.test(zone)) return 0;
  if (/^ist$/i.test(zone)) return 330;
  const match = /^([+-])(\d{2}):?(\d{2})$/.exec(zone);
  if (!match) return undefined;
  const minutes = Number(match[2]) * 60 + Number(match[3]);
  return match[1] === '-' ? -minutes : minutes;
}

const ISO_INSTANT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d+))?)?(Z|[+-]\d{2}:?\d{2})$/i;

/** The instant of an ISO 8601 timestamp with a zone, to the millisecond; undefined when it is not one. */
export function parseInstant(iso: string): number | undefined {
  const m = ISO_INSTANT.exec(iso.trim());
  if (!m) return undefined;
  const ms = Number((m[7] ?? '').slice(0, 3).padEnd(3, '0'));
  const local = utcMs(Number(m[1]), Number(m[2]), Number(m[3]), Number(m[4]), Number(m[5]), Number(m[6] ?? '0'), ms);
  const offset = zoneOffsetMinutes(m[8]);
  return local === undefined || offset === undefined ? undefined : local - offset * 60_000;
}

/** The calendar date of a timestamp as written (before any zone conversion), e.g. "2025-01-31". */
export const writtenDateOf = (iso: string): string | undefined => (ISO_INSTANT.test(iso.trim()) ? iso.trim().slice(0, 10) : undefined);

/** The UTC calendar date of an instant, e.g. "2025-01-31". */
export function utcDateOf(ms: number): string {
  const date = new Date(ms);
  return `${pad(date.getUTCFullYear(), 4)}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
}

/** "2024-12-31" → "31 December 2024". */
export function formatDay(isoDate: string): string {
  const [year = '', month = '', day = ''] = isoDate.split('-');
  return `${Number(day)} ${MONTH_NAMES[Number(month) - 1] ?? month} ${year}`;
}

/**
 * A timestamp in UTC to the minute: "2025-01-31T13:15:56.000Z" → "2025-01-31 13:15 UTC".
 * Undefined when it is not an ISO timestamp or its year is outside 0..9999.
 */
export function formatInstant(iso: string): string | undefined {
  const ms = parseInstant(iso);
  if (ms === undefined) return undefined;
  const date = new Date(ms);
  if (date.getUTCFullYear() < 0 || date.getUTCFullYear() > 9999) return undefined;
  return `${utcDateOf(ms)} ${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())} UTC`;
}

/** "FY2025", or undefined below 100 (two digits would read as FY20xx). */
export const fiscalYearLabel = (year: number): string | undefined => (year >= 100 ? `FY${year}` : undefined);

/** "Q3 FY2025", or undefined unless the quarter is 1..4. */
export const quarterLabel = (quarter: number | null, year: number): string | undefined =>
  quarter !== null && quarter >= 1 && quarter <= 4 && year >= 100 ? `Q${quarter} FY${year}` : undefined;
