import { z } from 'zod';

/**
 * Date-only and naive datetimes made explicit, as the API reads them: a date is its
 * midnight UTC, and a datetime without an offset is UTC (docs/api.md).
 */
export function normaliseDateTime(text: string): string {
  const trimmed = text.trim().replace(/^(\d{4}-\d{2}-\d{2})[ t_]/, '$1T');
  if (/^\d{4}-\d{2}-\d{2}$/.test(trimmed)) return `${trimmed}T00:00:00Z`;
  if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/.test(trimmed)) {
    return `${trimmed.length === 16 ? `${trimmed}:00` : trimmed}Z`;
  }
  return trimmed.replace(/z$/, 'Z');
}

/**
 * The instants the service holds: their calendar day, in UTC and in IST (where the service
 * takes days), falls in years 1 to 9999, the dates PostgreSQL holds; 9999-12-31T20:00Z is
 * already year 10000 in IST. The HTTP API's datetime parameters have the same bounds.
 */
export const FIRST_INSTANT = Date.parse('0001-01-01T00:00:00Z');
export const LAST_INSTANT = Date.parse('9999-12-31T18:29:59.999Z');
export const INSTANT_OUT_OF_RANGE = 'the instant is outside the range the service holds, 0001-01-01T00:00:00Z to 9999-12-31T18:29:59Z';

/** Whether a date or datetime that parses falls within the instants the service holds (text that does not parse is left to its format check). */
export const isWithinInstantRange = (text: string): boolean => {
  const at = Date.parse(normaliseDateTime(text));
  return Number.isNaN(at) || (at >= FIRST_INSTANT && at <= LAST_INSTANT);
};

/** What an instant input that is neither form is told: the forms it takes, each with an example. */
export const INSTANT_FORMATS =
  'expected a date, YYYY-MM-DD (e.g. 2025-01-29, meaning its midnight UTC), or an ISO 8601 datetime with seconds and an offset (e.g. 2025-01-29T18:00:00+05:30 or 2025-01-29T12:30:00Z)';

/** An instant as a JSON caller may write it: a date (its midnight UTC) or an ISO 8601 datetime with an offset. */
export const InstantInputSchema = z
  // One message for the union, naming both forms, rather than zod's "Invalid input".
  .union([z.iso.date(), z.iso.datetime({ offset: true })], { error: INSTANT_FORMATS })
  // Year 0 matches the ISO pattern, but the database has no such year.
  .refine((text) => !text.trimStart().startsWith('0000'), 'year 0 is out of range')
  .refine(isWithinInstantRange, INSTANT_OUT_OF_RANGE)
  .describe('A date (YYYY-MM-DD, meaning its midnight UTC) or an ISO 8601 datetime with an offset, e.g. 2025-01-29T18:00:00+05:30');

/** An optional instant input made explicit (normaliseDateTime); undefined stays undefined. */
export const instantOf = (text: string | undefined): string | undefined => (text === undefined ? undefined : normaliseDateTime(text));
