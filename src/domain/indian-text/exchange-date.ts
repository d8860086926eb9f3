import { isRealDay, istToIso } from '#platform/time';
import { monthOfPrefix } from './month-names.ts';

/**
 * Exchange dates and times as they appear in Indian exchange files, to ISO. Times without
 * a zone are Indian Standard Time (UTC+05:30, no daylight saving). Each returns null for
 * text it does not recognise; callers report that as a problem. `exchange-date-text.ts`
 * writes these forms.
 */

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * A real day as `YYYY-MM-DD`; years before 100 are no exchange date (a placeholder such as
 * 01-01-0001), and the year is written as read (the readers take four digits).
 */
function validDate(year: number, month: number, day: number): string | null {
  return year >= 100 && isRealDay({ year, month, day }) ? `${year}-${pad(month)}-${pad(day)}` : null;
}

/**
 * A calendar date: `2024-03-31`, `31-Mar-2024`, `31-MAR-2024`, `31 Mar 2024`, `31/03/2024`,
 * `31-03-2024`, `20240331`.
 */
export function parseExchangeDate(text: string | null | undefined): string | null {
  const t = text?.trim();
  if (!t) return null;
  let m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(t);
  if (m) return validDate(Number(m[1]), Number(m[2]), Number(m[3]));
  m = /^(\d{1,2})[-\s]([A-Za-z]{3})[A-Za-z]*[-\s](\d{4})$/.exec(t);
  if (m) {
    const month = monthOfPrefix(m[2] ?? '');
    return month ? validDate(Number(m[3]), month, Number(m[1])) : null;
  }
  m = /^(\d{1,2})[-/](\d{1,2})[-/](\d{4})$/.exec(t);
  if (m) return validDate(Number(m[3]), Number(m[2]), Number(m[1]));
  m = /^(\d{4})(\d{2})(\d{2})$/.exec(t);
  if (m) return validDate(Number(m[1]), Number(m[2]), Number(m[3]));
  return null;
}

/**
 * A date and time in IST: `31-Jan-2025 18:45:56`, `31-Jan-2025 18:45`, `21-08-2021 22:02:39`,
 * `2023-07-03 09:15:00`. An explicit offset (`2023-07-03 09:15:00+05:30`, `...Z`) is honoured.
 */
export function parseExchangeDateTime(text: string | null | undefined): string | null {
  const t = text?.trim();
  if (!t) return null;
  const zoned = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/.exec(t);
  if (zoned) {
    const iso = `${zoned[1]}T${zoned[2]}:${zoned[3]}:${zoned[4] ?? '00'}${zoned[5] === 'Z' ? 'Z' : (zoned[5] ?? '').replace(/^([+-]\d{2})(\d{2})$/, '$1:$2')}`;
    const ms = Date.parse(iso);
    return Number.isNaN(ms) ? null : new Date(ms).toISOString();
  }
  const m = /^(.+?)[ T](\d{1,2}):(\d{2})(?::(\d{2}))?$/.exec(t);
  if (!m) return null;
  const date = parseExchangeDate(m[1]);
  if (!date) return null;
  const [h, min, s] = [Number(m[2]), Number(m[3]), Number(m[4] ?? 0)];
  if (h > 23 || min > 59 || s > 59) return null;
  return istToIso(date, h, min, s);
}
