import { describe, expect, it } from 'vitest';
import { factVersionChanges } from './fact-version-changes.ts';

const original = {
  value: '52072900000',
  unit: 'INR',
  scale: 'crore',
  decimals: -7,
  element: 'in-bse-fin:RevenueFromOperations',
  source_url: 'https://nsearchives.nseindia.com/corporate/xbrl/INDAS_117817_1362652_28012025115046.xml',
} as const;

describe('factVersionChanges', () => {
  it('states a restated value with its exact difference, and the new source', () => {
    const revised = {
      ...original,
      value: '59273800000',
      source_url: 'https://nsearchives.nseindia.com/corporate/xbrl/INDAS_118350_1367750_31012025064516.xml',
    };
    expect(factVersionChanges(original, revised)).toEqual([
      { field: 'value', from: '52072900000', to: '59273800000', difference: '7200900000' },
      { field: 'source_url', from: original.source_url, to: revised.source_url, difference: null },
    ]);
  });

  it('compares values as numbers: a re-report written differently is no change', () => {
    expect(factVersionChanges({ ...original, value: '100.00' }, { ...original, value: '100' })).toEqual([]);
  });

  it('gives negative and fractional differences exactly, never as binary floats', () => {
    expect(factVersionChanges({ ...original, value: '0.3' }, { ...original, value: '0.1' })[0]).toMatchObject({ difference: '-0.2' });
    expect(factVersionChanges({ ...original, value: '-12.5' }, { ...original, value: '-12.25' })[0]).toMatchObject({ difference: '0.25' });
  });

  it('lists unit, scale, decimals and element changes, with null for a field one side lacks', () => {
    const changed = { ...original, unit: 'INR/share', scale: null, decimals: null, element: 'in-bse-fin:Income' } as const;
    expect(factVersionChanges(original, changed)).toEqual([
      { field: 'unit', from: 'INR', to: 'INR/share', difference: null },
      { field: 'scale', from: 'crore', to: null, difference: null },
      { field: 'decimals', from: '-7', to: null, difference: null },
      { field: 'element', from: 'in-bse-fin:RevenueFromOperations', to: 'in-bse-fin:Income', difference: null },
    ]);
  });
});
