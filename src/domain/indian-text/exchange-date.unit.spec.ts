import { describe, expect, it } from 'vitest';
import { parseExchangeDate, parseExchangeDateTime } from './exchange-date.ts';

describe('parseExchangeDate', () => {
  it.each([
    ['2024-03-31', '2024-03-31'],
    ['31-Mar-2024', '2024-03-31'],
    ['06-OCT-2008', '2008-10-06'],
    ['24 Apr 2009', '2009-04-24'],
    ['15 July 2026', '2026-07-15'],
    ['31/03/2024', '2024-03-31'],
    ['21-08-2021', '2021-08-21'],
    ['20260715', '2026-07-15'],
    [' 01-Jan-2024 ', '2024-01-01'],
  ])('reads %s', (text, expected) => {
    expect(parseExchangeDate(text)).toBe(expected);
  });

  it.each(['', '-', '31-Feb-2024', '2024-13-01', 'yesterday', '31-Foo-2024', null, undefined])('returns null for %s', (text) => {
    expect(parseExchangeDate(text)).toBeNull();
  });
});

describe('IST date-times', () => {
  it.each([
    ['31-Jan-2025 18:45:56', '2025-01-31T13:15:56.000Z'],
    ['31-Jan-2025 18:45', '2025-01-31T13:15:00.000Z'],
    ['21-08-2021 22:02:39', '2021-08-21T16:32:39.000Z'],
    ['2023-07-03 09:15:00+05:30', '2023-07-03T03:45:00.000Z'],
    ['2023-07-03T09:15:00Z', '2023-07-03T09:15:00.000Z'],
    ['2023-07-03 09:15:00', '2023-07-03T03:45:00.000Z'],
  ])('reads %s', (text, expected) => {
    expect(parseExchangeDateTime(text)).toBe(expected);
  });

  it.each(['31-Jan-2025 25:00', '31-Jan-2025', 'noon', ''])('returns null for %s', (text) => {
    expect(parseExchangeDateTime(text)).toBeNull();
  });
});
