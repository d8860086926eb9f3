import { describe, expect, it } from 'vitest';
import { companyIdFromIsin } from '#ingest/shared/parser/company-lookup';
import { companyKeyOf } from './company-key.ts';

const listing = (isin: string | null, symbol: string | null) => ({
  listing: {
    fileName: 'x.xml',
    xbrlUrl: 'https://example.com/x.xml',
    symbol,
    isin,
    companyName: null,
    basis: null,
    fromDate: null,
    toDate: null,
    disseminatedAt: null,
    isRevision: false,
  },
});

describe('the ordering key of a document', () => {
  it("is the company of the delivery's listing entry, by ISIN, the same across a face-value split", () => {
    expect(companyKeyOf(listing('INE040A01034', 'HDFCBANK'))).toBe(`company:${companyIdFromIsin('INE040A01034')}`);
    expect(companyKeyOf(listing('INE040A01026', null))).toBe(companyKeyOf(listing('INE040A01034', 'HDFCBANK')));
  });

  it('is the NSE symbol when the entry has no ISIN', () => {
    expect(companyKeyOf(listing(null, ' reliance '))).toBe('nse:RELIANCE');
  });

  it('is none for a delivery naming no company (a master list, a dropped file)', () => {
    expect(companyKeyOf({})).toBeUndefined();
    expect(companyKeyOf(listing(null, null))).toBeUndefined();
  });
});
