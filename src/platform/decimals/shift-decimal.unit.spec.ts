import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DECIMAL_INPUT_PATTERN } from '#schemas/read-models/screen';
import { canonicalDecimal, shiftDecimal } from './shift-decimal.ts';

describe('shiftDecimal', () => {
  it.each([
    ['60000', 7, '600000000000'],
    ['1.5', 12, '1500000000000'],
    ['60,000', 7, '600000000000'],
    ['1,00,000', 7, '1000000000000'],
    ['20', -2, '0.2'],
    ['0.07', 0, '0.07'],
    ['7', -2, '0.07'],
    ['-2.75', -2, '-0.0275'],
    ['.5', 0, '0.5'],
    ['5.', 0, '5'],
    ['007.500', 0, '7.5'],
    ['-0', 0, '0'],
    ['+3', 1, '30'],
  ])('%s × 10^%i is %s', (text, places, expected) => {
    expect(shiftDecimal(text, places)).toBe(expected);
  });

  it.each(['', '-', '.', 'abc', '1.2.3', '1e5'])('is undefined for %j', (text) => {
    expect(canonicalDecimal(text)).toBeUndefined();
  });

  it('always writes a decimal the plan schema accepts, exactly undoing itself', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^-?\d{1,12}(\.\d{1,8})?$/), fc.integer({ min: -15, max: 15 }), (text, places) => {
        const shifted = shiftDecimal(text, places);
        expect(shifted).toMatch(DECIMAL_INPUT_PATTERN);
        expect(shiftDecimal(shifted, -places)).toBe(canonicalDecimal(text));
      }),
    );
  });
});

describe('shiftDecimal on exchange figures', () => {
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
