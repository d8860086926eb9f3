import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { shiftDecimal } from './shift-decimal.ts';
import { sumDecimals } from './sum-decimals.ts';

describe('sumDecimals', () => {
  it.each([
    [['52072900000.00', '13683300000.00'], '65756200000'],
    [['0.1', '0.2'], '0.3'],
    [['-7500000.00', '2500000'], '-5000000'],
    [['1.25', '-1.25'], '0'],
    [['-0.05', '0.01'], '-0.04'],
    [['12'], '12'],
  ])('%j sums to %s exactly', (values, sum) => {
    expect(sumDecimals(values)).toBe(sum);
  });

  it('agrees with integer arithmetic on paise', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -1e12, max: 1e12 }), { minLength: 1, maxLength: 6 }), (paise) => {
        const text = paise.map((p) => shiftDecimal(String(p), -2));
        const expected = shiftDecimal(String(paise.reduce((a, b) => a + b, 0)), -2);
        expect(sumDecimals(text)).toBe(expected);
      }),
    );
  });
});
