import { describe, expect, it } from 'vitest';
import { givenCompanies } from '../../../../test/support/parse-input.ts';
import { dataOf, expectEveryEventValid } from '../../../../test/support/parser-spec-kit.ts';
import { expectReading, parserSpec } from '../../../../test/support/parser-specs.ts';
import { bseAnchor, companyIdOfAnchor } from '#domain/identity/anchor';
import { companyIdFromIsin, instrumentIdOf } from '#ingest/shared/parser/company-lookup';
import { bseScripListParser as parser } from './parser.ts';

const EQUITY_2024 = 'bse-scrip-list/Equity.csv';
const SCRIPS_2015 = 'bse-scrip-list/ListOfScrips.csv';
const spec = parserSpec(parser);
const parse = spec.parseFixture;

describe('bse-scrip-list', () => {
  describe('2024 layout (Equity.csv)', () => {
    it('registers the companies of equity shares and lists every scrip it can place', () => {
      const outcome = parse(EQUITY_2024);
      // 59 rows: 49 equity shares and 2 scrips without an ISIN, registered on their codes;
      // 2 DVRs and 2 rights entitlements attach to their issuer; 3 ETF units (INF…) are not
      // companies; FELDVR, whose issuer's equity share is not in the file, is a problem.
      expectReading(outcome, { valid: true, rows: 59, counts: { CompanyRegistered: 51, InstrumentListed: 55 } });
      expect(outcome.problems.map((p) => p.where)).toEqual(['line 57 (570002)']);
    });

    it('reads Reliance with its BSE code, sector and industry', () => {
      // Fixture line 46 (line 168 of the original):
      // 500325,Reliance Industries Ltd,RELIANCE,RELIANCE INDUSTRIES LTD.,Active,A ,10.00,INE002A01018,
      //   Refineries & Marketing,Equity,Energy,"Oil, Gas & Consumable Fuels",Petroleum Products,Refineries & Marketing,
      const outcome = parse(EQUITY_2024);
      expect(dataOf(outcome, 'CompanyRegistered').find((c) => c.bseCode === '500325')).toEqual({
        companyId: companyIdFromIsin('INE002A01018'),
        name: 'Reliance Industries Ltd',
        cin: null,
        isin: 'INE002A01018',
        nseSymbol: null,
        bseCode: '500325',
        // BSE's sector level, commas dropped to match the NIFTY lists' spelling.
        sector: 'Oil Gas & Consumable Fuels',
        industry: 'Refineries & Marketing',
        listingStatus: 'listed',
        listingDate: null,
      });
      expect(dataOf(outcome, 'InstrumentListed').find((i) => i.ticker === '500325')).toEqual({
        instrumentId: instrumentIdOf('BSE', 'INE002A01018'),
        companyId: companyIdFromIsin('INE002A01018'),
        exchange: 'BSE',
        segment: 'CM',
        type: 'equity',
        ticker: '500325',
        isin: 'INE002A01018',
        name: 'RELIANCE INDUSTRIES LTD.',
        series: null,
        faceValue: '10',
        listingDate: null,
        status: 'listed',
      });
    });

    it('cleans issuer names and reads face values exactly', () => {
      const outcome = parse(EQUITY_2024);
      const companies = dataOf(outcome, 'CompanyRegistered');
      // Fixture line 44 (original line 110): 500219,"Jain Irrigation Systems Ltd.,",… (a stray trailing comma)
      expect(companies.find((c) => c.bseCode === '500219')?.name).toBe('Jain Irrigation Systems Ltd.');
      // Fixture line 2 (original line 2): 500002,ABB India Limited,…,2.00,INE117A01022,Heavy Electrical Equipment,Equity,Industrials,Capital Goods,…
      expect(companies.find((c) => c.bseCode === '500002')).toMatchObject({
        sector: 'Capital Goods',
        industry: 'Heavy Electrical Equipment',
      });
      expect(dataOf(outcome, 'InstrumentListed').find((i) => i.ticker === '500002')?.faceValue).toBe('2');
      // Fixture line 7 (original line 7): 500013,…,Residential- Commercial Projects,Equity,Consumer Discretionary,
      //   Realty,Realty,"Residential, Commercial Projects", — the basic industry as ISubgroup Name spells it.
      expect(companies.find((c) => c.bseCode === '500013')).toMatchObject({
        sector: 'Realty',
        industry: 'Residential, Commercial Projects',
      });
      // Fixture line 59 (original line 4451): 750819,GENPHARMASEC LIMITED,GENPHAR-RE,…,0.05,INE861N20010 (rights entitlement)
      expect(dataOf(outcome, 'InstrumentListed').find((i) => i.ticker === '750819')).toMatchObject({
        type: 'rights',
        faceValue: '0.05',
        companyId: companyIdFromIsin('INE861N01036'),
      });
    });

    it('leaves mutual fund units out: they are not companies', () => {
      // Fixture line 52 (original line 2769): 532985,Kotak Mahindra Mutual Fund,KTKSENSEX,Kotak S&P BSE Sensex ETF,…,INF174KA1JD7
      const outcome = parse(EQUITY_2024);
      expect(outcome.events.some((e) => JSON.stringify(e.data).includes('INF174KA1JD7'))).toBe(false);
      expect(outcome.problems.some((p) => p.where.includes('532985'))).toBe(false);
    });
  });

  describe('2015 layout (ListOfScrips.csv)', () => {
    it('reads statuses, decodes HTML entities and keeps the active scrip of a repeated ISIN', () => {
      const outcome = parse(SCRIPS_2015);
      expectEveryEventValid(outcome);
      const companies = dataOf(outcome, 'CompanyRegistered');
      // Fixture line 3 (original line 3): 500003,AEGISLOG,AEGIS LOGISTICS LTD.,Active,B ,10.00,INE208C01017,Oil Marketing &amp; Distribution,Equity
      expect(companies.find((c) => c.bseCode === '500003')).toMatchObject({
        name: 'AEGIS LOGISTICS LTD.',
        isin: 'INE208C01017',
        sector: null,
        industry: 'Oil Marketing & Distribution',
        listingStatus: 'listed',
      });
      // Fixture line 56 (original line 6639): 533316,STEL,STEL Holdings&#160;Limited,Active,…
      expect(companies.find((c) => c.bseCode === '533316')?.name).toBe('STEL Holdings Limited');
      // Fixture line 4 (original line 4): 500004,TPAEC,TORRENT POWER AEC LTD.,Delisted,…,INE424A01014
      expect(companies.find((c) => c.bseCode === '500004')?.listingStatus).toBe('delisted');
      // Fixture lines 42 and 62 (original 47 and 7304): INE838B01013 is delisted 500050 and active 590021;
      // 590021 speaks for the company, and both codes are its BSE instruments.
      expect(companies.filter((c) => c.isin === 'INE838B01013').map((c) => c.bseCode)).toEqual(['590021']);
      expect(
        dataOf(outcome, 'InstrumentListed')
          .filter((i) => i.isin === 'INE838B01013')
          .map((i) => [i.ticker, i.status, i.instrumentId]),
      ).toEqual([
        ['590021', 'listed', instrumentIdOf('BSE', 'INE838B01013')],
        ['500050', 'delisted', instrumentIdOf('BSE', '500050')],
      ]);
      expect(outcome.problems.some((p) => p.where.includes('500050'))).toBe(false);
    });

    it('reports unusable rows by line and reads the rest', () => {
      const outcome = parse(SCRIPS_2015);
      expect(outcome.problems).toContainEqual({
        where: 'line 53 (531154)',
        message: 'Status "N" is not a BSE status: expected Active, Suspended or Delisted',
      });
      // Fixture line 49 (original 1547): INE652N01015 fails the ISIN check digit; it would name a wrong company.
      expect(outcome.problems).toContainEqual({
        where: 'line 49 (511169)',
        message: 'ISIN No "INE652N01015" is not a valid ISIN: expected 12 characters with a valid check digit',
      });
      expect(dataOf(outcome, 'CompanyRegistered')).toHaveLength(49);
    });

    it('registers a scrip without an ISIN on its scrip code, whatever is known when it is read', () => {
      // Fixture line 10 (original line 10): 500011,AMRTMIL-BDM,AMRUT INDUSTRIES LTD.,Delisted,Z ,10.00,NA          ,,Equity
      const companyId = companyIdOfAnchor(bseAnchor('500011'));
      for (const companies of [givenCompanies({}), givenCompanies({ bse: { '500011': companyIdFromIsin('INE000A01010') } })]) {
        const outcome = parse(SCRIPS_2015, { companies });
        expect(dataOf(outcome, 'CompanyRegistered').find((c) => c.bseCode === '500011')).toMatchObject({
          companyId,
          name: 'AMRUT INDUSTRIES LTD.',
          isin: null,
          listingStatus: 'delisted',
        });
        expect(dataOf(outcome, 'InstrumentListed').find((i) => i.ticker === '500011')).toMatchObject({
          instrumentId: instrumentIdOf('BSE', '500011'),
          companyId,
          isin: null,
          status: 'delisted',
        });
      }
    });
  });

  spec.itTakesKnownAtFromConnector(EQUITY_2024, { source: 'bse' });

  spec.itRejectsMissingColumns(
    'Security Code,Security Name,Status\n500002,ABB,Active\n',
    'expected the columns Security Code, Security Id, Security Name, Status, Face Value, ISIN No',
  );

  it('reports a malformed row by its line and reads the others', () => {
    const outcome = spec.parseEdited(EQUITY_2024, [
      '500325,Reliance Industries Ltd,RELIANCE,RELIANCE INDUSTRIES LTD.,Active,A ,10.00',
      '500325,Reliance Industries Ltd,RELIANCE,RELIANCE INDUSTRIES LTD.,Active,A ,ten',
    ]);
    expect(outcome.problems).toContainEqual({
      where: 'line 46 (500325)',
      message: 'Face Value "ten" is not a number: expected e.g. 10.00',
    });
    expect(dataOf(outcome, 'CompanyRegistered')).toHaveLength(50);
  });

  spec.itNeverThrowsOnDamagedBytes([EQUITY_2024, SCRIPS_2015]);
});
