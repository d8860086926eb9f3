import { describe, expect, it } from 'vitest';
import { parseDecimalText } from './parse-decimal-text.ts';

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
