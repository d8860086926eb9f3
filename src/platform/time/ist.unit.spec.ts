import { describe, expect, it } from 'vitest';
import { istInstant, istToIso } from './ist.ts';

describe('IST date-times', () => {
  it('converts Indian time to UTC', () => {
    expect(istToIso('2025-01-31', 18, 45, 56)).toBe('2025-01-31T13:15:56.000Z');
    expect(istToIso('2024-04-01')).toBe('2024-03-31T18:30:00.000Z');
  });

  it('places an IST wall-clock time of a date at the same instant', () => {
    expect(new Date(istInstant('2025-01-31', 18 * 3600 + 45 * 60 + 56)).toISOString()).toBe(istToIso('2025-01-31', 18, 45, 56));
  });
});
