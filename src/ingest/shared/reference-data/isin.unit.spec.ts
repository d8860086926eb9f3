import { describe, expect, it } from 'vitest';
import { companyIdFromIsin } from '#ingest/shared/parser/company-lookup';
import { isAbsentIsin, isinKind, issuerCodeOf, readIsin } from '#domain/identity/isin';
import { buildIssuerIndex } from './issuer-index.ts';
import { instrumentTypeOf } from './listing-owner.ts';

describe('readIsin', () => {
  it.each([
    ['INE002A01018', 'INE002A01018'],
    [' ine002a01018 ', 'INE002A01018'],
    ['IN9155A01020', 'IN9155A01020'],
    ['INF174KA1JD7', 'INF174KA1JD7'],
    // BSE 2015 list, HIMALCHULI: the check digit does not match.
    ['INE652N01015', null],
    // BSE 2015 list, HERBERTSONS: eleven characters.
    ['INE546A1014 ', null],
    // NIFTY 500 placeholders for demerged entities.
    ['DUM003A01024', null],
    ['NA          ', null],
    ['-', null],
  ])('%j is %j', (text, isin) => {
    expect(readIsin(text)).toBe(isin);
  });

  it('tells an absent ISIN from a wrong one', () => {
    expect(['', '-', 'NA  ', 'n/a'].map(isAbsentIsin)).toEqual([true, true, true, true]);
    expect(isAbsentIsin('INE546A1014')).toBe(false);
  });
});

describe('isinKind and instrumentTypeOf', () => {
  it.each([
    ['INE002A01018', 'company-equity', 'equity'],
    ['IN9155A01020', 'company-other', 'equity'],
    ['INE047A20013', 'company-other', 'rights'],
    ['INE028L21018', 'company-other', 'other'],
    ['INF174KA1JD7', 'fund', 'other'],
  ])('%s is %s, listed as %s', (isin, kind, type) => {
    expect(isinKind(isin)).toBe(kind);
    expect(instrumentTypeOf(isin)).toBe(type);
  });
});

describe('buildIssuerIndex', () => {
  it("finds a DVR's company through the issuer code of its equity share", () => {
    const index = buildIssuerIndex(['IN9155A01020', 'INE155A01022', 'INF174KA1JD7']);
    expect(issuerCodeOf('IN9155A01020')).toBe('155A');
    expect(index.get('155A')).toBe(companyIdFromIsin('INE155A01022'));
    expect(index.size).toBe(1);
  });
});
