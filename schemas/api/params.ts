import { z } from 'zod';

/** `limit` with SPEC.md's bounds for the endpoint. */
export const limitParam = (max: number, fallback: number) =>
  z.number().int().min(1).max(max).default(fallback).describe(`Items per page, 1..${max}`);

export const OffsetParam = z.number().int().min(0).default(0).describe('Items to skip, for paging');

/** The paging parameters of a list endpoint: `limit` with its bounds, and `offset`. */
export const pageParams = (max: number, fallback: number) => ({ limit: limitParam(max, fallback), offset: OffsetParam });

/** A company reference: ticker, NSE:<SYMBOL>, BSE:<CODE>, ISIN, CIN or company UUID. */
export const requiredTicker = (max: number) =>
  z.string().min(1).max(max).describe('Company: ticker, NSE:<SYMBOL>, BSE:<CODE>, ISIN, CIN or company UUID (exact; use search for names)');

export const optionalTicker = (max: number) => requiredTicker(max).optional();

/**
 * Year 0 matches the ISO pattern, but neither PostgreSQL nor pydantic has it: refused here
 * with pydantic's words rather than failing in the database.
 */
const noYearZero = (type: string, msg: string) => (text: string, ctx: z.RefinementCtx<string>) => {
  if (!text.trimStart().startsWith('0000')) return;
  ctx.addIssue({
    code: 'custom',
    message: 'year 0 is out of range',
    params: { fastapi: { type, msg: `${msg}, year 0 is out of range`, ctx: { error: 'year 0 is out of range' } } },
  });
};

/**
 * The instants whose calendar day, in UTC and in IST (where the service takes days), falls in
 * years 1 to 9999, the dates PostgreSQL holds: 9999-12-31T20:00Z is already year 10000 in IST.
 */
const FIRST_INSTANT = Date.parse('0001-01-01T00:00:00Z');
const LAST_INSTANT = Date.parse('9999-12-31T18:29:59.999Z');
const OUT_OF_RANGE = 'the instant is outside the range the service holds, 0001-01-01T00:00:00Z to 9999-12-31T18:29:59Z';

/** Refuses an instant beyond the dates the database holds, rather than failing there. */
const withinRange = (text: string, ctx: z.RefinementCtx<string>) => {
  const at = Date.parse(text);
  // Year 0 has its own words (noYearZero); text that is not a datetime fails its format check.
  if (text.trimStart().startsWith('0000') || Number.isNaN(at) || (at >= FIRST_INSTANT && at <= LAST_INSTANT)) return;
  ctx.addIssue({
    code: 'custom',
    message: OUT_OF_RANGE,
    params: { fastapi: { type: 'value_error', msg: `Value error, ${OUT_OF_RANGE}`, ctx: { error: OUT_OF_RANGE } } },
  });
};

export const DateTimeParam = z.iso
  .datetime({ offset: true })
  .superRefine(noYearZero('datetime_from_date_parsing', 'Input should be a valid datetime or date'))
  .superRefine(withinRange)
  .describe('ISO 8601 datetime; a date alone means its midnight UTC, and a time without an offset is UTC');

export const DateParam = z.iso
  .date()
  .superRefine(noYearZero('date_from_datetime_parsing', 'Input should be a valid date or datetime'))
  .describe('A calendar date, YYYY-MM-DD');

export const AsOfParam = DateTimeParam.describe(
  'Point in time: only what was knowable then (by known_at). A date alone means its midnight UTC',
);

export const RecordedAsOfParam = DateTimeParam.describe(
  "This service's own record (system time): only what it had recorded by then (by recorded_at), each filing as it was parsed then, before any later re-parse by a newer parser. Independent of as_of (what the world knew); both may be given. A date alone means its midnight UTC",
);

/**
 * A check that fails with pydantic's words for a validator's own error (`value_error`), on the
 * field at `path`, or on the whole query or body when `path` is empty.
 */
export function valueError(ctx: z.RefinementCtx, path: readonly string[], message: string): void {
  ctx.addIssue({
    code: 'custom',
    path: [...path],
    message,
    params: { fastapi: { type: 'value_error', msg: `Value error, ${message}`, ctx: { error: message } } },
  });
}

/** A keyset cursor as a list endpoint hands it out in `meta.next_cursor`: its position, as base64url JSON. */
export const encodeCursor = (position: readonly unknown[]): string => Buffer.from(JSON.stringify(position)).toString('base64url');

/** The `cursor` parameter of a keyset-paged list: the position `encodeCursor` wrote, checked against `position`. */
export function cursorParam<T extends z.ZodType>(position: T) {
  return z
    .string()
    .max(400)
    .transform((text, ctx): z.output<T> => {
      let decoded: unknown;
      try {
        decoded = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
      } catch {
        decoded = undefined;
      }
      const parsed = position.safeParse(decoded);
      if (parsed.success) return parsed.data;
      valueError(ctx, [], 'not a cursor of this endpoint: pass meta.next_cursor of the page before as it is');
      return z.NEVER;
    })
    .describe('Where this page starts: meta.next_cursor of the page before; omit for the first page');
}
