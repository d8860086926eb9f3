import { describe, expect, it } from 'vitest';
import { givenCompanies } from '../../../../test/support/parse-input.ts';
import { dataOf, expectEveryEventValid } from '../../../../test/support/parser-spec-kit.ts';
import { expectReading, idsOf, parserSpec, type InputOverrides } from '../../../../test/support/parser-specs.ts';
import { companyIdFromIsin, instrumentIdOf } from '#ingest/shared/parser/company-lookup';
import { nseEquityMasterParser as parser } from './parser.ts';

const MASTER = 'nse-equity-master/EQUITY_L.csv';
const MASTER_2022 = 'nse-equity-master/EQUITY_L_2022-04.csv';
const spec = parserSpec(parser);
const parse = (path: string, overrides: InputOverrides = {}) => spec.parseFixture(path, { fileName: 'EQUITY_L.csv', ...overrides });

describe('nse-equity-master', () => {
  it('registers each company and lists each NSE security', () => {
    // 55 rows: 51 equity shares register companies and list instruments; the DVRs of Tata
    // Motors and Jain Irrigation and Grasim's rights entitlement list instruments only;
    // FELDVR (a DVR whose issuer's equity share is not in the file) is a problem.
    expectReading(parse(MASTER), { valid: true, rows: 55, counts: { CompanyRegistered: 51, InstrumentListed: 54 } });
  });

  it('reads RELIANCE as the file states it', () => {
    // Fixture line 52 (line 1409 of the original):
    // RELIANCE,Reliance Industries Limited,EQ,29-NOV-1995,10,1,INE002A01018,10
    const outcome = parse(MASTER);
    const company = dataOf(outcome, 'CompanyRegistered').find((c) => c.nseSymbol === 'RELIANCE');
    expect(company).toEqual({
      companyId: companyIdFromIsin('INE002A01018'),
      name: 'Reliance Industries Limited',
      cin: null,
      isin: 'INE002A01018',
      nseSymbol: 'RELIANCE',
      bseCode: null,
      sector: null,
      industry: null,
      listingStatus: 'listed',
      listingDate: '1995-11-29',
    });
    const instrument = dataOf(outcome, 'InstrumentListed').find((i) => i.ticker === 'RELIANCE');
    expect(instrument).toEqual({
      instrumentId: instrumentIdOf('NSE', 'INE002A01018'),
      companyId: companyIdFromIsin('INE002A01018'),
      exchange: 'NSE',
      segment: 'CM',
      type: 'equity',
      ticker: 'RELIANCE',
      isin: 'INE002A01018',
      name: 'Reliance Industries Limited',
      series: 'EQ',
      faceValue: '10',
      listingDate: '1995-11-29',
      status: 'listed',
    });
  });

  it('keeps the series and face value of each row', () => {
    const instruments = dataOf(parse(MASTER), 'InstrumentListed');
    // Fixture line 3 (original line 3): 21STCENMGM,21st Century Management Services Limited,BE,03-MAY-1995,10,1,INE253B01015,10
    expect(instruments.find((i) => i.ticker === '21STCENMGM')).toMatchObject({ series: 'BE', faceValue: '10', listingDate: '1995-05-03' });
    // Fixture line 48 (original line 798): INFY,Infosys Limited,EQ,08-FEB-1995,5,1,INE009A01021,5
    expect(instruments.find((i) => i.ticker === 'INFY')).toMatchObject({ isin: 'INE009A01021', faceValue: '5' });
    // Fixture line 51 (original line 1018): M&M (an ampersand in a symbol is valid)
    expect(instruments.find((i) => i.ticker === 'M&M')).toMatchObject({ isin: 'INE101A01026' });
  });

  it("attaches a DVR share and a rights entitlement to the issuer's company", () => {
    const outcome = parse(MASTER);
    const instruments = dataOf(outcome, 'InstrumentListed');
    // Fixture line 55 (original line 1706): TATAMTRDVR,Tata Motors Limited,EQ,05-NOV-2008,2,1,IN9155A01020,2
    expect(instruments.find((i) => i.ticker === 'TATAMTRDVR')).toMatchObject({
      isin: 'IN9155A01020',
      companyId: companyIdFromIsin('INE155A01022'),
      type: 'equity',
    });
    // Fixture line 47 (original line 629): GRASIM-RE,Grasim Ind Ltd-RE,BE,17-JAN-2024,2,1,INE047A20013,2
    expect(instruments.find((i) => i.ticker === 'GRASIM-RE')).toMatchObject({
      companyId: companyIdFromIsin('INE047A01021'),
      type: 'rights',
    });
    expect(dataOf(outcome, 'CompanyRegistered').map((c) => c.isin)).not.toContain('IN9155A01020');
    // Fixture line 45 (original line 530): FELDVR (IN9623B01058); Future Enterprises' equity share is not in the file.
    expect(outcome.problems).toEqual([
      { where: 'line 45 (FELDVR)', message: expect.stringContaining('no equity share of its issuer (623B)') },
    ]);
  });

  it('keeps one listing per ISIN, preferring series EQ (2022 list)', () => {
    // Fixture lines 23-26 (original lines 748-751 of the 2022 list): IONEXCHANG under BE, BT, EQ and IL, all INE570A01014.
    const outcome = parse(MASTER_2022);
    expectEveryEventValid(outcome);
    const ion = dataOf(outcome, 'InstrumentListed').filter((i) => i.ticker === 'IONEXCHANG');
    expect(ion).toEqual([expect.objectContaining({ series: 'EQ', isin: 'INE570A01014' })]);
    expect(outcome.problems.map((p) => p.where)).toEqual([
      'line 23 (IONEXCHANG)',
      'line 24 (IONEXCHANG)',
      'line 26 (IONEXCHANG)',
      // Fixture line 30 (original line 1731): VLIFEPP, partly paid (IN9161L01017, paid up .4); no equity share of 161L here.
      'line 30 (VLIFEPP)',
    ]);
  });

  spec.itTakesKnownAtFromConnector(MASTER, { source: 'nse', sourceFile: 'EQUITY_L.csv' }, { fileName: 'EQUITY_L.csv' });

  it('gives the same event ids for the same bytes', () => {
    expect(idsOf(parse(MASTER))).toEqual(idsOf(parse(MASTER)));
  });

  it('lists a row without an ISIN under its symbol when the symbol is known', () => {
    const text =
      'SYMBOL,NAME OF COMPANY, SERIES, DATE OF LISTING, PAID UP VALUE, MARKET LOT, ISIN NUMBER, FACE VALUE\nOLDCO,Old Co Limited,EQ,01-JAN-2000,10,1,NA,10\nNEWCO,New Co Limited,EQ,01-JAN-2000,10,1,,10\n';
    const companyId = companyIdFromIsin('INE000A01010');
    const outcome = spec.parse(text, { companies: givenCompanies({ nse: { OLDCO: companyId } }) });
    expect(dataOf(outcome, 'InstrumentListed')).toEqual([
      expect.objectContaining({ ticker: 'OLDCO', isin: null, companyId, instrumentId: instrumentIdOf('NSE', 'OLDCO') }),
    ]);
    expect(outcome.problems).toEqual([{ where: 'line 3 (NEWCO)', message: expect.stringContaining('NEWCO is not a known company') }]);
  });

  spec.itRejectsMissingColumns(
    'SYMBOL,NAME,SERIES\nRELIANCE,Reliance,EQ\n',
    'expected the columns SYMBOL, NAME OF COMPANY, SERIES, DATE OF LISTING, ISIN NUMBER, FACE VALUE',
  );

  it('reports a row with a bad date by its line and reads the others', () => {
    const outcome = spec.parseEdited(MASTER, ['29-NOV-1995', '31-NOV-1995']);
    expect(outcome.problems).toContainEqual({
      where: 'line 52 (RELIANCE)',
      message: 'DATE OF LISTING "31-NOV-1995" is not a date: expected e.g. 06-OCT-2008',
    });
    expect(dataOf(outcome, 'CompanyRegistered')).toHaveLength(50);
  });

  spec.itNeverThrowsOnDamagedBytes([MASTER]);
});
