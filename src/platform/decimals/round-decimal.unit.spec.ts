import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { roundDecimal } from './round-decimal.ts';

describe('roundDecimal', () => {
  it('removes float noise from values published in paise', () => {
    expect(roundDecimal('4633254040.8999994', 2)).toBe('4633254040.9');
    expect(roundDecimal('157003958219.70002', 2)).toBe('157003958219.7');
    expect(roundDecimal('304108376.64999996', 2)).toBe('304108376.65');
  });

  it('rounds halves away from zero and carries', () => {
    expect(roundDecimal('0.005', 2)).toBe('0.01');
    expect(roundDecimal('9.995', 2)).toBe('10');
    expect(roundDecimal('-9.995', 2)).toBe('-10');
    expect(roundDecimal('-0.004', 2)).toBe('0');
    expect(roundDecimal('12', 2)).toBe('12');
  });

  it('agrees with exact integer arithmetic', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 15n }), fc.integer({ min: 0, max: 8 }), (units, places) => {
        const text = `${units / 10n ** 8n}.${(units % 10n ** 8n).toString().padStart(8, '0')}`;
        const scale = 10n ** BigInt(8 - places);
        const rounded = (units + scale / 2n) / scale; // half up, non-negative
        const expected = Number(rounded) / 10 ** places; // comparison only; exact below 2^53
        expect(Number(roundDecimal(text, places))).toBe(expected);
        expect(roundDecimal(text, places)).toMatch(/^\d+(\.\d*[1-9])?$/);
      }),
    );
  });
});
