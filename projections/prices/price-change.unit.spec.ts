import { describe, expect, it } from 'vitest';
import { priceChange } from './price-change.ts';

describe('priceChange', () => {
  it('is exact where binary floats are not', () => {
    // 0.3 - 0.1 is 0.19999999999999998 in floats.
    expect(priceChange('0.3', '0.1')).toEqual({ change: '0.2', change_percent: '200.00' });
    expect(priceChange('1914.25', '1966.1')).toEqual({ change: '-51.85', change_percent: '-2.64' });
  });

  it('rounds the percentage half away from zero, and a tiny fall to 0.00, not -0.00', () => {
    expect(priceChange('100.005', '100')).toEqual({ change: '0.005', change_percent: '0.01' });
    expect(priceChange('99.995', '100')).toEqual({ change: '-0.005', change_percent: '-0.01' });
    expect(priceChange('99.999', '100')).toEqual({ change: '-0.001', change_percent: '0.00' });
  });

  it('is null without a previous close, and has no percentage of a zero one', () => {
    expect(priceChange('10', null)).toEqual({ change: null, change_percent: null });
    expect(priceChange('10', '0')).toEqual({ change: '10', change_percent: null });
  });
});
