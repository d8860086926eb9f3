import { describe, expect, it } from 'vitest';
import type { FactFilter } from '#schemas/query/plan';
import { meetsCondition, thresholdFor } from './fact-condition.ts';

const above = (value: string | number, unit: string): FactFilter => ({ operator: '>', value, unit });

describe('a plan condition against a stored value', () => {
  it('multiplies lakh and crore out to rupees, in every spelling a question reads', () => {
    const cases: ReadonlyArray<readonly [FactFilter, string]> = [
      [above('5000', 'crore'), '50000000000'],
      [above('5000', 'Crores'), '50000000000'],
      [above('5000', 'Cr.'), '50000000000'],
      [above('12.5', 'lakh'), '1250000'],
      [above('12.5', 'Lakhs'), '1250000'],
      [above('12.5', 'lac'), '1250000'],
      [above('1.5', 'lakh crore'), '1500000000000'],
      [above('1.5', 'lac crores'), '1500000000000'],
      [above('700', 'INR'), '700'],
      [above('700', 'rupees'), '700'],
    ];
    for (const [condition, rupees] of cases) expect(thresholdFor(condition, 'INR')?.toFixed(), condition.unit).toBe(rupees);
  });

  it('fits no other unit to rupees: an international scale, a percent, a ratio', () => {
    for (const unit of ['million', 'percent', 'ratio', 'INR/share']) expect(thresholdFor(above(5, unit), 'INR'), unit).toBeUndefined();
  });

  it('compares exactly, and says when the units do not fit', () => {
    expect(meetsCondition('50000000001', 'INR', above('5000', 'crores'))).toBe(true);
    expect(meetsCondition('50000000000', 'INR', above('5000', 'crores'))).toBe(false);
    expect(meetsCondition('0.2', 'ratio', above('15', 'percent'))).toBe(true);
    expect(meetsCondition('0.2', 'ratio', above('15', 'crore'))).toBeUndefined();
  });
});
