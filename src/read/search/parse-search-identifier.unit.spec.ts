import { describe, expect, it } from 'vitest';
import { parseSearchIdentifier } from './parse-search-identifier.ts';

describe('parseSearchIdentifier', () => {
  it.each([
    ['RELIANCE', { scheme: 'nse', value: 'RELIANCE', prefixed: false }],
    ['reliance', { scheme: 'nse', value: 'RELIANCE', prefixed: false }],
    ['M&M', { scheme: 'nse', value: 'M&M', prefixed: false }],
    ['BAJAJ-AUTO', { scheme: 'nse', value: 'BAJAJ-AUTO', prefixed: false }],
    ['NSE:RELIANCE', { scheme: 'nse', value: 'RELIANCE', prefixed: true }],
    ['nse : tcs', { scheme: 'nse', value: 'TCS', prefixed: true }],
    ['BSE:500325', { scheme: 'bse', value: '500325', prefixed: true }],
    ['500325', { scheme: 'bse', value: '500325', prefixed: false }],
    ['INE002A01018', { scheme: 'isin', value: 'INE002A01018', prefixed: false }],
    ['ine002a01018', { scheme: 'isin', value: 'INE002A01018', prefixed: false }],
    ['L17110MH1973PLC019786', { scheme: 'cin', value: 'L17110MH1973PLC019786', prefixed: false }],
    ['6F1C2A52-5D0E-4B8E-9A51-3C1B7F0E2D44', { scheme: 'uuid', value: '6f1c2a52-5d0e-4b8e-9a51-3c1b7f0e2d44', prefixed: false }],
    ['  INFY  ', { scheme: 'nse', value: 'INFY', prefixed: false }],
  ])('reads %s as an identifier', (input, expected) => {
    expect(parseSearchIdentifier(input)).toEqual(expected);
  });

  it.each([
    'Reliance Industries',
    'Tata Consultancy',
    'net profit',
    "%' or 1=1 --",
    '%',
    'RELI%',
    'NSE:',
    'a-very-long-word-that-is-no-ticker',
    '',
  ])('does not read %j as an identifier', (input) => {
    expect(parseSearchIdentifier(input)).toBeUndefined();
  });
});
