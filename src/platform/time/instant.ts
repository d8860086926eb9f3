import { utcDateOf, utcMs } from './calendar-day.ts';
import { IST_OFFSET_MINUTES } from './ist.ts';

/** Instants: ISO 8601 timestamps with a zone, to the millisecond. */

/** An instant as an ISO timestamp in UTC: "2025-01-31T13:15:56.000Z". */
export const isoInstant = (ms: number): string => new Date(ms).toISOString();

/** Minutes east of UTC of a zone written as Z, UTC, GMT, IST, +05:30 or -0400 (no zone is UTC). */
export function zoneOffsetMinutes(zone: string | undefined): number | undefined {
  if (zone === undefined || /^(z|utc|gmt)$/i.test(zone)) return 0;
  if (/^ist$/i.test(zone)) return IST_OFFSET_MINUTES;
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

/**
 * A timestamp in UTC to the minute: "2025-01-31T13:15:56.000Z" → "2025-01-31 13:15 UTC".
 * Undefined when it is not an ISO timestamp or its year is outside 0..9999.
 */
export function formatInstant(iso: string): string | undefined {
  const ms = parseInstant(iso);
  if (ms === undefined) return undefined;
  const date = new Date(ms);
  if (date.getUTCFullYear() < 0 || date.getUTCFullYear() > 9999) return undefined;
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${utcDateOf(ms)} ${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())} UTC`;
}
