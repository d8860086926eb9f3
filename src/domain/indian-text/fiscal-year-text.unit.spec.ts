import { describe, expect, it } from 'vitest';
import { fiscalYearFromText } from './fiscal-year-text.ts';

describe('the fiscal calendar', () => {
  it.each([
    ['24', undefined, 2024],
    ['2024', undefined, 2024],
    ['2023', '24', 2024],
    ['23', '24', 2024],
    ['2023', '2024', 2024],
    ['1999', '00', 2000],
    ['2023', '25', undefined],
    ['1899', undefined, undefined],
  ])('fiscal year of %s %s is %s', (first, second, expected) => {
    expect(fiscalYearFromText(first, second)).toBe(expected);
  });
});
