import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareDecimals } from './compare-decimals.ts';

/** Decimal text with up to 6 decimals, and its value in millionths as a BigInt. */
const decimal = fc
  .tuple(fc.boolean(), fc.bigInt({ min: 0n, max: 10n ** 12n }), fc.integer({ min: 0, max: 6 }), fc.integer({ min: 0, max: 2 }))
  .map(([negative, units, places, padding]) => {
    const digits = units.toString().padStart(places + 1, '0');
    const text = places === 0 ? digits : `${digits.slice(0, -places)}.${digits.slice(-places)}${'0'.repeat(padding)}`;
    return { text: negative && units !== 0n ? `-${text}` : text, millionths: (negative ? -units : units) * 10n ** BigInt(6 - places) };
  });

describe('compareDecimals on price text', () => {
  it('orders decimal text as numbers, whatever the trailing zeros', () => {
    expect(compareDecimals('2443.3', '2443.05')).toBe(1);
    expect(compareDecimals('1506.50', '1506.5')).toBe(0);
    expect(compareDecimals('-5.40', '-6')).toBe(1);
    expect(compareDecimals('0.05', '00.5')).toBe(-1);
  });

  it('agrees with exact integer arithmetic', () => {
    fc.assert(
      fc.property(decimal, decimal, (a, b) => {
        expect(compareDecimals(a.text, b.text)).toBe(a.millionths === b.millionths ? 0 : a.millionths < b.millionths ? -1 : 1);
      }),
    );
  });
});

describe('compareDecimals', () => {
  it.each([
    ['25', '1', 1],
    ['1', '1', 0],
    ['0.5', '1', -1],
    ['1.0001', '1', 1],
    ['-3', '1', -1],
    ['-3', '-20', 1],
    ['100', '99.99', 1],
  ])('%s vs %s is %i', (a, b, order) => {
    expect(compareDecimals(a, b)).toBe(order);
  });
});
