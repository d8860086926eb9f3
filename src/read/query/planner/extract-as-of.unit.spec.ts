import { describe, expect, it } from 'vitest';
import { extractAsOf } from './extract-as-of.ts';

describe('extractAsOf', () => {
  it.each([
    ['as of 1 June 2023', '2023-06-01T00:00:00Z'],
    ['as of 1st June, 2023', '2023-06-01T00:00:00Z'],
    ['as known on 2024-05-01', '2024-05-01T00:00:00Z'],
    ['as at 15 Jan 2025', '2025-01-15T00:00:00Z'],
    ['as on 15-Jan-2025', '2025-01-15T00:00:00Z'],
    ['as it was known on June 1, 2023', '2023-06-01T00:00:00Z'],
    ['as was known at 1 June 2023', '2023-06-01T00:00:00Z'],
    ['as it stood on 31 March 2024', '2024-03-31T00:00:00Z'],
    ['known as of Sept 30 2023', '2023-09-30T00:00:00Z'],
    ['as on 01/06/2023', '2023-06-01T00:00:00Z'],
    ['as of 2024-05-01T10:00+05:30', '2024-05-01T10:00:00+05:30'],
    ['as of 2024-05-01T10:00:30.5z', '2024-05-01T10:00:30.5Z'],
  ])('%s → %s', (text, asOf) => {
    expect(extractAsOf(`TCS revenue ${text}`)).toMatchObject({ asOf, spans: [{ start: 12, end: 12 + text.length }] });
  });

  it('says a date is read as the start of the day in UTC', () => {
    expect(extractAsOf('as of 1 June 2023').notes).toEqual(['as_of: 2023-06-01 read as 2023-06-01T00:00:00Z (start of the day, UTC)']);
  });

  it.each(['as of now', 'as of today', 'as on date'])('reads %j as current knowledge', (text) => {
    expect(extractAsOf(text)).toMatchObject({ asOf: null, spans: [{ start: 0, end: text.length }] });
  });

  it.each([
    'as of 30 February 2023',
    'as of 2024-13-01',
    'as of June 2023',
    'as per the annual report',
    'revenue of 1 June 2023',
    'as of 2024-05-01T24:00Z',
  ])('reads no date in %j', (text) => {
    expect(extractAsOf(text).asOf).toBeNull();
  });

  it('takes the first phrase only', () => {
    expect(extractAsOf('as of 1 June 2023 and as of 1 June 2024').asOf).toBe('2023-06-01T00:00:00Z');
  });
});
