import { describe, expect, it } from 'vitest';
import { fixture, givenCompanies, givenParseInput } from '../../../../test/support/parse-input.ts';
import { dataOf, expectEveryEventValid, expectNoThrowOnDamagedBytes, expectParsed } from '../../../../test/support/parser-spec-kit.ts';
import { companyIdFromIsin } from '#ingest/shared/parser/company-lookup';
import { holderCategory } from './holder-category.ts';
import { shareholdingXbrlParser as parser } from './parser.ts';

// Both files are CONSTRUCTED from the taxonomy's published layout (fixtures/shareholding-xbrl/PROVENANCE.md).
const FRACTIONS = 'shareholding-xbrl/SHP-constructed-2025-06-30-fraction-form.xml';
const PERCENT = 'shareholding-xbrl/SHP-constructed-2025-02-14-percent-form.xml';

type Overrides = Parameters<typeof givenParseInput>[1];
const text = (file: string) => new TextDecoder().decode(fixture(file));
const parse = (input: string | Uint8Array, overrides: Overrides = {}) => expectParsed(parser.parse(givenParseInput(input, overrides)));
const reportedOf = (input: string | Uint8Array, overrides: Overrides = {}) => dataOf(parse(input, overrides), 'ShareholdingReported')[0];

describe('shareholding-xbrl', () => {
  it('reads a filing written in fractions (2025 taxonomy) into percent, exactly', () => {
    const outcome = parse(fixture(FRACTIONS));
    expectEveryEventValid(outcome);
    expect(outcome.rows).toBe(1);
    expect(outcome.problems).toEqual([]);
    expect(dataOf(outcome, 'ShareholdingReported')).toEqual([
      {
        filingId: expect.any(String),
        // The filing states its ISIN, which decides the company.
        companyId: companyIdFromIsin('INE999Z01013'),
        company: { name: 'Example Tools & Dies Limited', nseSymbol: 'SHPEXAMPLE', bseCode: '999901', isin: 'INE999Z01013', cin: null },
        periodEnd: '2025-06-30',
        promoterPct: '55.12',
        fiiPct: '12.04',
        diiPct: '18.35',
        mutualFundPct: '9.21',
        publicPct: '14.3',
        // 11,024,000 of the promoters' 55,120,000 shares are pledged: 0.2 of their holding.
        pledgedPct: '20',
        holders: [
          {
            category: 'Promoter and Promoter Group / Indian / Any Other (specify)',
            name: 'Example Holdings & Investments Private Limited',
            shares: '40120000',
            percentage: '40.12',
          },
          {
            category: 'Promoter and Promoter Group / Indian / Individuals/Hindu undivided Family',
            name: 'A. N. Example',
            shares: '0',
            percentage: '0',
          },
          {
            category: 'Promoter and Promoter Group / Foreign / Any Other (specify)',
            name: 'Example Overseas B.V.',
            shares: '15000000',
            percentage: '15',
          },
          {
            category: 'Public / Institutions (Domestic) / Mutual Funds/ UTI',
            name: 'Example Mutual Fund A/c Example Flexi Cap Fund',
            shares: '2500000',
            percentage: '2.5',
          },
          {
            category: 'Public / Institutions (Foreign) / Foreign Portfolio Investors Category I',
            name: 'Example Global Opportunities Fund',
            shares: '1500000',
            percentage: '1.5',
          },
        ],
        parserVersion: 1,
      },
    ]);
  });

  it('reads a filing written in percent (2022 taxonomy), and leaves a row it does not file null', () => {
    expect(reportedOf(fixture(PERCENT))).toMatchObject({
      periodEnd: '2025-02-14',
      promoterPct: '55.12',
      fiiPct: '12.04',
      diiPct: '18.35',
      // No MutualFundsOrUTIMember row in this filing.
      mutualFundPct: null,
      publicPct: '14.31',
      // PledgedOrEncumberedNumberOfShares 0: nothing pledged.
      pledgedPct: '0',
      holders: [expect.objectContaining({ name: 'Example Holdings & Investments Private Limited', percentage: '40.12' })],
    });
  });

  it('takes knownAt from the connector, else the LODR deadline of the clause it is filed under', () => {
    // Reg 31(1)(b), quarter ended 30 Jun 2025: due by the end of 21 Jul 2025, IST.
    expect(parse(fixture(FRACTIONS)).events[0]?.metadata.knownAt).toBe('2025-07-21T18:30:00.000Z');
    // Reg 31(1)(c), a capital change on 14 Feb 2025: due within 10 days.
    expect(parse(fixture(PERCENT)).events[0]?.metadata.knownAt).toBe('2025-02-24T18:30:00.000Z');
    // Received before the deadline: known by then at the latest.
    expect(parse(fixture(FRACTIONS), { receivedAt: '2025-07-15T06:00:00.000Z' }).events[0]?.metadata.knownAt).toBe(
      '2025-07-15T06:00:00.000Z',
    );
    const listed = parse(fixture(FRACTIONS), {
      knownAt: '2025-07-14T11:05:00.000Z',
      sourceUrl: 'https://nsearchives.nseindia.com/corporate/xbrl/SHP_1_WEB.xml',
    });
    expect(listed.events[0]?.metadata).toMatchObject({ knownAt: '2025-07-14T11:05:00.000Z', source: 'nse' });
    // A connector time before the period ended is not believed.
    expect(parse(fixture(FRACTIONS), { knownAt: '2025-06-30T10:00:00.000Z' }).events[0]?.metadata.knownAt).toBe('2025-07-21T18:30:00.000Z');
  });

  it('resolves the company from the symbol when the ISIN is masked, else leaves it null', () => {
    const masked = text(FRACTIONS).replace('>INE999Z01013<', '>******<');
    const companyId = companyIdFromIsin('INE000A01010');
    expect(reportedOf(masked, { companies: givenCompanies({ nse: { SHPEXAMPLE: companyId } }) })).toMatchObject({
      companyId,
      company: { isin: null, nseSymbol: 'SHPEXAMPLE' },
    });
    expect(reportedOf(masked)?.companyId).toBeNull();
  });

  it('names the filing by company and period, the same on every parse of the same bytes', () => {
    const id = reportedOf(fixture(FRACTIONS))?.filingId;
    expect(reportedOf(fixture(FRACTIONS))?.filingId).toBe(id);
    expect(reportedOf(text(FRACTIONS).replace('<!-- CONSTRUCTED', '<!-- (copy) CONSTRUCTED'))?.filingId).not.toBe(id);
  });

  it('reports a figure it cannot read and keeps the rest of the filing', () => {
    const damaged = text(FRACTIONS).replace(
      'contextRef="InstitutionsForeign_ContextI" unitRef="pure" decimals="4">0.1204<',
      'contextRef="InstitutionsForeign_ContextI" unitRef="pure" decimals="4">12.04%<',
    );
    const outcome = parse(damaged);
    expect(outcome.problems).toEqual([
      {
        where: 'element in-bse-shp:ShareholdingAsAPercentageOfTotalNumberOfShares (InstitutionsForeignMember)',
        message: '"12.04%" is not a percentage from 0 to 100: left out',
      },
    ]);
    expect(dataOf(outcome, 'ShareholdingReported')[0]).toMatchObject({ fiiPct: null, promoterPct: '55.12' });
  });

  it('takes the period from the table when DateOfReport is missing', () => {
    const undated = text(FRACTIONS).replace(/ {2}<in-bse-shp:DateOfReport[^\n]*\n/, '');
    expect(reportedOf(undated)?.periodEnd).toBe('2025-06-30');
  });

  it('maps the named-holder axes to SEBI categories, including the shortened ones', () => {
    expect(holderCategory('DetailsSharesHeldByIndividualsOrHUFAxis')).toBe(
      'Promoter and Promoter Group / Indian / Individuals/Hindu undivided Family',
    );
    expect(holderCategory('DetailsOfSharesHeldByNBFCsRegisteredWithRbiAxis')).toBe(
      'Public / Institutions (Domestic) / NBFCs registered with RBI',
    );
    expect(holderCategory('DetailsOfSharesHeldByClearingMembersAxis')).toBe('Clearing Members');
  });

  it('rejects a document it cannot use, saying why', () => {
    const reject = (input: string) => parser.parse(givenParseInput(input));
    expect(reject('<xbrli:xbrl xmlns:xbrli="http://www.xbrl.org/2003/instance"><xbrli:context')).toMatchObject({
      ok: false,
      reason: expect.stringContaining('not well-formed XML'),
    });
    expect(reject('<root/>')).toMatchObject({ ok: false, reason: 'the root element is root, not an XBRL instance (xbrli:xbrl)' });
    expect(
      reject(
        '<xbrli:xbrl xmlns:xbrli="http://www.xbrl.org/2003/instance" xmlns:in-bse-fin="http://www.bseindia.com/xbrl/fin/2020-03-31/in-bse-fin"/>',
      ),
    ).toMatchObject({
      ok: false,
      reason: expect.stringContaining('does not declare the in-bse-shp taxonomy'),
    });
    const unscaled = text(FRACTIONS).replace(
      'contextRef="ShareholdingPattern_ContextI" unitRef="pure" decimals="4">1<',
      'contextRef="ShareholdingPattern_ContextI" unitRef="pure" decimals="4">37<',
    );
    expect(reject(unscaled)).toMatchObject({ ok: false, reason: expect.stringContaining('cannot tell how the percentages are written') });
  });

  it('never throws on damaged bytes', () => {
    expectNoThrowOnDamagedBytes(parser, fixture(FRACTIONS), (bytes) => givenParseInput(bytes));
  });
});
