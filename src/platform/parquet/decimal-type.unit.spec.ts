import { describe, expect, it } from 'vitest';
import { decimalTypeOf, digitsOf, NO_DIGITS, unscaledAt, widest } from './decimal-type.ts';

describe('the decimal type of a Parquet column', () => {
  it('counts the digits a value needs, trailing zeros after the point and leading zeros not counted', () => {
    expect(digitsOf('52072900000')).toEqual({ integerDigits: 11, scale: 0 });
    expect(digitsOf('-12.30')).toEqual({ integerDigits: 2, scale: 1 });
    expect(digitsOf('0.000123')).toEqual({ integerDigits: 0, scale: 6 });
    expect(digitsOf('007.500')).toEqual({ integerDigits: 1, scale: 1 });
    expect(() => digitsOf('1e5')).toThrow(/not an exact decimal/);
    expect(() => digitsOf('12.')).toThrow(/not an exact decimal/);
  });

  it('is DECIMAL(p, s) wide enough for every value of the column, and text past 38 digits', () => {
    const bound = ['52072900000', '-12.34', '0.5', '-0.000001'].map(digitsOf).reduce(widest, NO_DIGITS);
    expect(decimalTypeOf(bound)).toEqual({ precision: 17, scale: 6 });
    expect(decimalTypeOf(NO_DIGITS)).toEqual({ precision: 1, scale: 0 });
    expect(decimalTypeOf(digitsOf('1'.repeat(38)))).toEqual({ precision: 38, scale: 0 });
    expect(decimalTypeOf(widest(digitsOf('1'.repeat(30)), digitsOf('0.123456789')))).toBe('text');
  });

  it('writes each value as its unscaled integer, exactly, far past what a float holds', () => {
    expect(unscaledAt('-12.3', 2)).toBe(-1230n);
    expect(unscaledAt('12.30', 1)).toBe(123n);
    expect(unscaledAt('0.29', 2)).toBe(29n);
    expect(unscaledAt('0', 4)).toBe(0n);
    expect(unscaledAt('123456789012345678901234567890.12345678', 8)).toBe(12345678901234567890123456789012345678n);
    expect(() => unscaledAt('1.234', 2)).toThrow(/more than 2 decimal places/);
  });
});
