import { describe, expect, it } from 'vitest';
import { yearEarlier } from './date-arithmetic.ts';

describe('yearEarlier', () => {
  it.each([
    ['2023-12-31', '2022-12-31'],
    ['2023-10-01', '2022-10-01'],
    ['2024-03-31', '2023-03-31'],
    ['2024-02-29', '2023-02-28'],
    ['2025-02-28', '2024-02-29'],
    ['2024-06-30', '2023-06-30'],
    ['2024-02-15', '2023-02-15'],
  ])('%s → %s', (date, expected) => {
    expect(yearEarlier(date)).toBe(expected);
  });
});
