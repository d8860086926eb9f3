import { describe, expect, it } from 'vitest';
import { previousCloseOf, weekdaysBetween } from './previous-close.ts';

describe('weekdaysBetween', () => {
  it('counts Monday to Friday strictly between two days', () => {
    expect(weekdaysBetween('2024-06-27', '2024-06-28')).toBe(0); // Thu → Fri
    expect(weekdaysBetween('2024-06-21', '2024-06-24')).toBe(0); // Fri → Mon
    expect(weekdaysBetween('2024-06-20', '2024-06-24')).toBe(1); // Thu → Mon: Friday between (a holiday, or a missed session)
    expect(weekdaysBetween('2024-06-28', '2024-06-28')).toBe(0);
  });
});

describe('previousCloseOf', () => {
  it('is null with no source, never 0, when neither the source nor the data has one', () => {
    expect(previousCloseOf('2024-06-28', null, undefined)).toEqual({
      previous_close: null,
      previous_close_source: null,
      previous_close_at: null,
      previous_close_gap_weekdays: null,
    });
  });
});
