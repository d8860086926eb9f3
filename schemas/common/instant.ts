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

/** An instant as a JSON caller may write it: a date (its midnight UTC) or an ISO 8601 datetime with an offset. */
export const InstantInputSchema = z
  .union([z.iso.date(), z.iso.datetime({ offset: true })])
  // Year 0 matches the ISO pattern, but the database has no such year.
  .refine((text) => !text.trimStart().startsWith('0000'), 'year 0 is out of range')
  .describe('A date (YYYY-MM-DD, meaning its midnight UTC) or an ISO 8601 datetime with an offset, e.g. 2025-01-29T18:00:00+05:30');

/** An optional instant input made explicit (normaliseDateTime); undefined stays undefined. */
export const instantOf = (text: string | undefined): string | undefined => (text === undefined ? undefined : normaliseDateTime(text));
