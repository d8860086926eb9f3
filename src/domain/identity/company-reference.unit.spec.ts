import { describe, expect, it } from 'vitest';
import { parseCompanyReference } from './company-reference.ts';

describe('parseCompanyReference', () => {
  it.each([
    ['RELIANCE', { scheme: 'nse', value: 'RELIANCE' }],
    ['reliance', { scheme: 'nse', value: 'RELIANCE' }],
    ['M&M', { scheme: 'nse', value: 'M&M' }],
    ['NSE:tcs', { scheme: 'nse', value: 'TCS' }],
    ['bse:500325', { scheme: 'bse', value: '500325' }],
    ['500325', { scheme: 'bse', value: '500325' }],
    ['INE002A01018', { scheme: 'isin', value: 'INE002A01018' }],
    ['ine002a01018', { scheme: 'isin', value: 'INE002A01018' }],
    ['L17110MH1973PLC019786', { scheme: 'cin', value: 'L17110MH1973PLC019786' }],
    ['6F1C2A52-5D0E-4B8E-9A51-3C1B7F0E2D44', { scheme: 'uuid', value: '6f1c2a52-5d0e-4b8e-9a51-3c1b7f0e2d44' }],
    ['  INFY  ', { scheme: 'nse', value: 'INFY' }],
  ])('reads %s exactly', (input, expected) => {
    expect(parseCompanyReference(input)).toEqual(expected);
  });
});
