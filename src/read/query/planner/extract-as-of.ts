import { isoDay, parseIsoDay } from '#platform/time';
import { readDateAt } from '#domain/indian-text';
import type { Span } from './spans.ts';

/** What the question says about the point in time to read facts at. */
export interface AsOfRead {
  /** ISO date-time, or null for current knowledge. */
  readonly asOf: string | null;
  readonly spans: readonly Span[];
  readonly notes: readonly string[];
}

// "as of", "as at", "as on", "as known on", "as it was known on", "as it stood on",
// "as was known at", and "known as of"; then a date, an ISO date-time, or now/today.
const LEAD = /\b(?:as\s+(?:it\s+)?(?:was\s+)?(?:known\s+|stood\s+)?(?:of|at|on)|known\s+as\s+of)\s+/gi;
const DATE_TIME = /(\d{4}-\d{2}-\d{2})T((?:[01]\d|2[0-3]):[0-5]\d)(:[0-5]\d(?:\.\d{1,9})?)?(Z|[+-](?:[01]\d|2[0-3]):[0-5]\d)/iy;
const NOW = /(?:now|today|present|date)\b/iy;

/**
 * Reads the as-of phrase. A bare date means the start of that day in UTC (midnight), so
 * facts disseminated later that day are not yet known; a written date-time is kept as is.
 * "as of now/today" is current knowledge: null. Only the first phrase counts.
 */
export function extractAsOf(text: string): AsOfRead {
  for (const lead of text.matchAll(LEAD)) {
    const at = (lead.index ?? 0) + lead[0].length;
    const found = readAsOfAt(text, at);
    if (found) return { asOf: found.asOf, spans: [{ start: lead.index ?? 0, end: found.end }], notes: found.notes };
  }
  return { asOf: null, spans: [], notes: [] };
}

function readAsOfAt(text: string, at: number): { asOf: string | null; end: number; notes: string[] } | undefined {
  DATE_TIME.lastIndex = at;
  const stamp = DATE_TIME.exec(text);
  if (stamp?.[1] && parseIsoDay(stamp[1])) {
    // The plan's date-time needs seconds: 10:00Z is written 10:00:00Z.
    const asOf = `${stamp[1]}T${stamp[2] ?? ''}${stamp[3] ?? ':00'}${(stamp[4] ?? '').toUpperCase()}`;
    if (!Number.isNaN(Date.parse(asOf))) return { asOf, end: at + stamp[0].length, notes: [`as_of: ${asOf} as written`] };
  }
  const date = readDateAt(text, at);
  if (date) {
    const asOf = `${isoDay(date.day)}T00:00:00Z`;
    return { asOf, end: date.end, notes: [`as_of: ${isoDay(date.day)} read as ${asOf} (start of the day, UTC)`] };
  }
  NOW.lastIndex = at;
  const now = NOW.exec(text);
  if (now) return { asOf: null, end: at + now[0].length, notes: ['as_of: "now" is current knowledge (no as_of)'] };
  return undefined;
}
