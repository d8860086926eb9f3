import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { parseDecimalText, shiftDecimal, sumDecimals } from './decimal-text.ts';

describe('parseDecimalText', () => {
  it.each([
    ['1234.50', '1234.50'],
    [' 1,234.50 ', '1234.50'],
    ['         38.00', '38.00'],
    ['+5', '5'],
    ['-0.4000', '-0.4000'],
    ['.5', '0.5'],
    ['12.', '12'],
    ['-0', '0'],
    [22.5, '22.5'],
    [1e21, '1000000000000000000000'],
    [0.0000001, '0.0000001'],
  ])('reads %s exactly', (text, expected) => {
    expect(parseDecimalText(text)).toBe(expected);
  });

  it.each(['', '-', 'NA', 'nil', null, undefined])('reads %s as not given', (text) => {
    expect(parseDecimalText(text)).toBeNull();
  });

  it.each(['abc', '1.2.3', '12e3', '--1', Number.NaN])('rejects %s', (text) => {
    expect(parseDecimalText(text)).toBeUndefined();
  });
});

describe('shiftDecimal', () => {
  it.each([
    ['5207.29', 7, '52072900000'],
    ['1.5', 5, '150000'],
    ['-0.4', 1, '-4'],
    ['123', -5, '0.00123'],
    ['0', 7, '0'],
    ['-0.00', 2, '0'],
  ])('shifts %s by 10^%i', (value, power, expected) => {
    expect(shiftDecimal(value, power)).toBe(expected);
  });
});

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
