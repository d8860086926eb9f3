import { describe, expect, it } from 'vitest';
import type { FactFilter } from '#schemas/query/plan';
import { conditionPhrase } from './threshold-phrase.ts';

const textOf = (condition: FactFilter): string => conditionPhrase(condition, 'Revenue').text;

describe('a plan condition in words', () => {
  it('writes a threshold in the scale it was given in, whatever the spelling', () => {
    expect(textOf({ operator: '>', value: '5000', unit: 'crore' })).toBe('Revenue from operations is above ₹5,000 crore');
    expect(textOf({ operator: '>', value: '5000', unit: 'Crores' })).toBe('Revenue from operations is above ₹5,000 crore');
    expect(textOf({ operator: '>', value: '5000', unit: 'cr' })).toBe('Revenue from operations is above ₹5,000 crore');
    expect(textOf({ operator: '>', value: '12.5', unit: 'lakh' })).toBe('Revenue from operations is above ₹12.5 lakh');
    expect(textOf({ operator: '>', value: '12.5', unit: 'lakhs' })).toBe('Revenue from operations is above ₹12.5 lakh');
    expect(textOf({ operator: '<', value: '1.5', unit: 'lac crore' })).toBe('Revenue from operations is below ₹1,50,000 crore');
  });

  it('writes rupees from a crore up in crore, and below it in rupees', () => {
    expect(textOf({ operator: '>', value: '50000000000', unit: 'INR' })).toBe('Revenue from operations is above ₹5,000 crore');
    expect(textOf({ operator: '>', value: '9999999', unit: 'INR' })).toBe('Revenue from operations is above ₹99,99,999');
  });
});
