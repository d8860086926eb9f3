import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Anchor } from './anchor.ts';
import type { Claim, ClaimEventType, ClaimScheme } from './claim.ts';
import { type ClaimView, viewOfClaim } from './claim-view.ts';
import { deriveCompany } from './derive-company.ts';
import type { Snapshot } from './listing-periods.ts';
import { holderOn, ownershipOf } from './ownership.ts';

let statements = 0;

/** The claims one statement makes, one per scheme it states: a row of a list, or a filing's header. */
function stated(
  format: string,
  knownAt: string,
  said: Partial<Record<ClaimScheme, string>>,
  options: { anchor?: Anchor; eventType?: ClaimEventType; document?: string; source?: string } = {},
): ClaimView[] {
  const statement = `00000000-0000-4000-8000-${String(++statements).padStart(12, '0')}`;
  return (Object.entries(said) as Array<[ClaimScheme, string]>).map(([scheme, value]) => {
    const claim: Claim = {
      anchor: options.anchor ?? 'issuer:040A',
      scheme,
      value,
      knownAt,
      statement,
      eventType: options.eventType ?? 'CompanyRegistered',
      source: options.source ?? 'nse',
      document: options.document ?? `${format}@${knownAt}`,
      parse: null,
      sourceFile: `${format}.csv`,
      sourceUrl: null,
    };
    return viewOfClaim(claim, format);
  });
}

const ID = 'd68320b4-e7cf-53ad-945a-aae3c8d009c8';

describe('deriveCompany', () => {
  // HDFC Bank as the real sources state it: BSE's 2015 list with the pre-2019 ISIN, NSE's
  // masters of 2022 and 2024, the results listing with its first ISIN, and a 2025 filing.
  const hdfc = [
    ...stated(
      'bse-scrip-list',
      '2015-07-13T00:00:00Z',
      { name: 'HDFC BANK LTD.', isin: 'INE040A01026', bse: '500180', 'status:BSE': 'listed' },
      { source: 'bse' },
    ),
    ...stated('nse-equity-master', '2022-04-03T00:00:00Z', {
      name: 'HDFC Bank Limited',
      isin: 'INE040A01034',
      nse: 'HDFCBANK',
      'status:NSE': 'listed',
      'listed:NSE': '1995-11-08',
    }),
    ...stated('nse-equity-master', '2024-03-08T00:00:00Z', {
      name: 'HDFC Bank Limited',
      isin: 'INE040A01034',
      nse: 'HDFCBANK',
      'status:NSE': 'listed',
    }),
    ...stated('nse-results-listing', '2025-01-23T06:58:01Z', {
      name: 'HDFC Bank Limited',
      isin: 'INE040A01018',
      nse: 'HDFCBANK',
      'status:NSE': 'listed',
    }),
    ...stated(
      'nse-results-xbrl',
      '2025-01-23T06:58:01Z',
      { name: 'HDFC BANK LIMITED', isin: 'INE040A01018', nse: 'HDFCBANK', bse: '500180' },
      { eventType: 'FinancialsReported' },
    ),
  ];

  it("takes the current ISIN from the dated lists, never the results listing's first ISIN", () => {
    const company = deriveCompany(ID, hdfc, []);
    expect(company).toMatchObject({
      name: 'HDFC Bank Limited',
      isin: 'INE040A01034',
      nseSymbol: 'HDFCBANK',
      bseCode: '500180',
      listingDate: '1995-11-08',
    });
    const isins = company.identifiers.filter((i) => i.scheme === 'isin').map((i) => [i.value, i.firstSeen, i.lastSeen, i.current]);
    expect(isins).toEqual(
      expect.arrayContaining([
        ['INE040A01026', '2015-07-13', '2015-07-13', false],
        ['INE040A01034', '2022-04-03', '2024-03-08', true],
        // Stated by the listing and the filing taken from it: linked, not dated.
        ['INE040A01018', null, null, false],
      ]),
    );
  });

  it('shows a name written in capitals in the mixed-case spelling another source gives', () => {
    const filingOnly = [
      ...stated('nse-results-xbrl', '2025-01-23T06:58:01Z', { name: 'HDFC BANK LIMITED' }, { eventType: 'FinancialsReported' }),
      ...hdfc.slice(4, 9),
    ];
    expect(deriveCompany(ID, filingOnly, []).name).toBe('HDFC Bank Limited');
  });

  it("prefers the master list's and filings' name to BSE's and an index list's, whatever their dates", () => {
    const claims = [
      ...stated(
        'nse-equity-master',
        '2024-03-08T00:00:00Z',
        { name: 'Vodafone Idea Limited', isin: 'INE669E01016' },
        { anchor: 'issuer:669E' },
      ),
      ...stated(
        'bse-scrip-list',
        '2026-01-01T00:00:00Z',
        { name: 'IDEA CELLULAR LTD.', isin: 'INE669E01016' },
        { anchor: 'issuer:669E', source: 'bse' },
      ),
      ...stated(
        'nifty-index-list',
        '2026-02-01T00:00:00Z',
        { name: 'Vodafone Idea Ltd.', isin: 'INE669E01016' },
        { anchor: 'issuer:669E', source: 'niftyindices' },
      ),
    ];
    expect(deriveCompany(ID, claims, []).name).toBe('Vodafone Idea Limited');
  });

  it('does not depend on the order of the claims', () => {
    const expected = deriveCompany(ID, hdfc, []);
    fc.assert(
      fc.property(fc.shuffledSubarray(hdfc, { minLength: hdfc.length, maxLength: hdfc.length }), (shuffled) => {
        expect(deriveCompany(ID, shuffled, [])).toEqual(expected);
      }),
    );
  });

  it("is delisted from NSE from the first NSE list it is missing from, and listed again while BSE's list shows it", () => {
    const claims = [
      ...stated(
        'nse-equity-master',
        '2022-04-03T00:00:00Z',
        { nse: 'GONEAWAY', 'status:NSE': 'listed' },
        { anchor: 'issuer:999Z', document: 'nse-2022' },
      ),
      ...stated(
        'bse-scrip-list',
        '2015-07-13T00:00:00Z',
        { bse: '512345', 'status:BSE': 'suspended' },
        { anchor: 'issuer:999Z', source: 'bse', document: 'bse-2015' },
      ),
    ];
    const snapshots: Snapshot[] = [
      { exchange: 'NSE', document: 'nse-2022', on: '2022-04-03', inferred: false, file: 'EQUITY_L.csv' },
      { exchange: 'NSE', document: 'nse-2024', on: '2024-03-08', inferred: false, file: 'EQUITY_L.csv' },
      { exchange: 'BSE', document: 'bse-2015', on: '2015-07-13', inferred: false, file: 'ListOfScrips.csv' },
    ];
    const company = deriveCompany(ID, claims, snapshots);
    expect(company.listings.map((l) => [l.exchange, l.status, l.from, l.to])).toEqual([
      ['NSE', 'listed', '2022-04-03', '2024-03-08'],
      ['NSE', 'delisted', '2024-03-08', null],
      ['BSE', 'suspended', '2015-07-13', null],
    ]);
    expect(company.listingStatus).toBe('suspended');
  });
});

describe('ownershipOf', () => {
  it('gives every day to exactly one holder of a reused symbol', () => {
    const held = ownershipOf([
      { companyId: 'b', since: '2018-06-01' },
      { companyId: 'a', since: '2004-01-01' },
    ]);
    expect(held).toEqual([
      { companyId: 'a', from: null, to: '2018-06-01' },
      { companyId: 'b', from: '2018-06-01', to: null },
    ]);
    expect(holderOn(held, '1999-01-01')?.companyId).toBe('a');
    expect(holderOn(held, '2018-05-31')?.companyId).toBe('a');
    expect(holderOn(held, '2018-06-01')?.companyId).toBe('b');
    expect(holderOn(held, null)?.companyId).toBe('b');
  });
});
