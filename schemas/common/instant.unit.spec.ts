import { describe, expect, it } from 'vitest';
import { INSTANT_FORMATS, InstantInputSchema } from './instant.ts';

describe('InstantInputSchema', () => {
  it('takes dates and datetimes within years 1 to 9999, in UTC and in IST', () => {
    for (const text of ['2025-01-29', '2025-01-29T18:00:00+05:30', '0001-01-01', '9999-12-31T18:29:59Z']) {
      expect(InstantInputSchema.safeParse(text).success, text).toBe(true);
    }
  });

  it('refuses a text in neither form with a message naming both, with examples', () => {
    for (const text of ['29 Jan 2025', '2025-01-29T18:00', '29/01/2025', '2025-01-29T18:00:00 IST']) {
      const issues = InstantInputSchema.safeParse(text).error?.issues;
      expect(
        issues?.map((issue) => issue.message),
        text,
      ).toEqual([INSTANT_FORMATS]);
    }
    expect(INSTANT_FORMATS).toContain('YYYY-MM-DD');
    expect(INSTANT_FORMATS).toContain('2025-01-29T18:00:00+05:30');
  });

  it('refuses year 0 and instants beyond what the database holds, as the HTTP API does', () => {
    for (const text of ['0000-06-01', '0001-01-01T03:00:00+05:30', '9999-12-31T23:00:00-05:00', '9999-12-31T20:00:00Z']) {
      expect(InstantInputSchema.safeParse(text).success, text).toBe(false);
    }
    expect(InstantInputSchema.safeParse('9999-12-31T23:00:00-05:00').error?.issues[0]?.message).toMatch(
      /outside the range the service holds/,
    );
  });
});
