import { describe, expect, it } from 'vitest';
import { chartNumber, formatDecimal, formatValue, groupIndian, periodLabel } from './format.js';

describe("the explorer's number formatting (decimal strings shifted as text, never through a float)", () => {
  it.each([
    ['52072900000', 7, 0, '5,207.29'],
    ['59273800000', 7, 2, '5,927.38'],
    ['0.2097', -2, 0, '20.97'],
    ['0.5', -2, 0, '50'],
    ['1', -2, 0, '100'],
    ['-0.5', -2, 0, '-50'],
    ['3', -3, 0, '3,000'],
    ['0.000001', -2, 0, '0.0001'],
    ['-12.5', 0, 2, '-12.50'],
    ['0', 7, 2, '0.00'],
    ['-0.000', 0, 0, '0'],
    ['123456789012345678901234567890', 7, 0, '12,34,56,78,90,12,34,56,78,90,123.456789'],
  ])('%s shifted by %i with at least %i decimals is %s', (value, power, decimals, expected) => {
    expect(formatDecimal(value, power, decimals)).toBe(expected);
  });

  it('groups digits the Indian way', () => {
    expect(['1', '999', '5927', '5927380', '123456789'].map(groupIndian)).toEqual(['1', '999', '5,927', '59,27,380', '12,34,56,789']);
  });

  it('words a value in its unit and scale, and leaves a missing one missing', () => {
    expect(formatValue('59273800000', 'INR', 'crore')).toBe('₹5,927.38 cr');
    expect(formatValue('-1250000', 'INR', 'lakh')).toBe('-₹12.50 lakh');
    expect(formatValue('58.14', 'INR/share', null)).toBe('₹58.14 per share');
    // A filing that states no rounding level has no scale (SBIN Q4 FY21): the exact rupees, grouped.
    expect(formatValue('651016400000', 'INR', null)).toBe('₹6,51,01,64,00,000');
    expect(formatValue('0.5', 'ratio', null)).toBe('50%');
    expect(formatValue(null, 'INR', 'crore')).toBeNull();
  });

  it('plots rupees in crore and ratios as percentages', () => {
    expect([chartNumber('52072900000', 'INR'), chartNumber('0.5', 'ratio'), chartNumber('7.25', 'x'), chartNumber(null, 'INR')]).toEqual([
      5207.29,
      50,
      7.25,
      null,
    ]);
  });

  it('names periods as filings do', () => {
    expect(periodLabel({ type: 'quarterly', fiscal_year: 2025, fiscal_quarter: 3 })).toBe('Q3 FY2025');
    expect(periodLabel({ type: 'annual', fiscal_year: 2024 })).toBe('FY2024');
    expect(periodLabel({ type: 'instant', end: '2024-12-31' })).toBe('at 2024-12-31');
  });
});
