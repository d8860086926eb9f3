import { describe, expect, it } from 'vitest';
import { dataOf, expectEveryEventValid } from '../../../../test/support/parser-spec-kit.ts';
import { expectReading, parserSpec } from '../../../../test/support/parser-specs.ts';
import { companyIdFromIsin } from '#ingest/shared/parser/company-lookup';
import { niftyIndexListParser as parser } from './parser.ts';

const NIFTY_50 = 'nifty-index-list/ind_nifty50list.csv';
const NIFTY_500 = 'nifty-index-list/ind_nifty500list.csv';
const NIFTY_500_2020 = 'nifty-index-list/ind_nifty500list_2020-05.csv';
const spec = parserSpec(parser);
const parse = spec.parseFixture;

describe('nifty-index-list', () => {
  it('registers each constituent with its sector from the Industry column, and no industry', () => {
    // Fixture line 38 (the whole NIFTY 50 list is copied):
    // Reliance Industries Ltd.,Oil Gas & Consumable Fuels,RELIANCE,EQ,INE002A01018
    const outcome = parse(NIFTY_50);
    expectReading(outcome, { valid: true, rows: 50 });
    const companyId = companyIdFromIsin('INE002A01018');
    expect(dataOf(outcome, 'CompanyRegistered').find((c) => c.companyId === companyId)).toEqual({
      companyId,
      name: 'Reliance Industries Ltd.',
      cin: null,
      isin: 'INE002A01018',
      nseSymbol: 'RELIANCE',
      bseCode: null,
      sector: 'Oil Gas & Consumable Fuels',
      industry: null,
      listingStatus: 'listed',
      listingDate: null,
    });
    expect(dataOf(outcome, 'CompanyUpdated')).toEqual([]);
  });

  it('names the company by ISIN, so a renamed constituent is the same company', () => {
    // Fixture line 45: Tata Motors Passenger Vehicles Ltd.,Automobile and Auto Components,TMPV,EQ,INE155A01022
    const registered = dataOf(parse(NIFTY_50), 'CompanyRegistered').find((c) => c.nseSymbol === 'TMPV');
    expect(registered).toMatchObject({ companyId: companyIdFromIsin('INE155A01022'), sector: 'Automobile and Auto Components' });
  });

  it('reports the demerger placeholders by line (NIFTY 500, 2025)', () => {
    // Fixture lines 43-44 (original lines 144-145): Dummy Siemens Ltd. (DUM003A01024), Dummy2 Raymond Ltd. (DUM2301A0101)
    expectReading(parse(NIFTY_500), {
      valid: true,
      problems: [
        {
          where: 'line 43 (DUMMYSIEMS)',
          message: 'ISIN Code "DUM003A01024" is not a valid ISIN: expected 12 characters such as INE002A01018',
        },
        {
          where: 'line 44 (DUMMYRAYMN)',
          message: 'ISIN Code "DUM2301A0101" is not a valid ISIN: expected 12 characters such as INE002A01018',
        },
      ],
      counts: { CompanyRegistered: 53 - 2 },
    });
  });

  it('keeps the 2020 taxonomy as published and registers nothing for a DVR', () => {
    // Fixture line 34 (original line 387): Reliance Industries Ltd.,ENERGY,RELIANCE,EQ,INE002A01018
    // Fixture line 37 (original 446): Tata Motors Ltd DVR,AUTOMOBILE,TATAMTRDVR,EQ,IN9155A01020;
    // its equity share is fixture line 38 (original 447).
    const outcome = parse(NIFTY_500_2020);
    expectEveryEventValid(outcome);
    const reliance = dataOf(outcome, 'CompanyRegistered').find((c) => c.companyId === companyIdFromIsin('INE002A01018'));
    expect(reliance?.sector).toBe('ENERGY');
    expect(dataOf(outcome, 'CompanyRegistered').map((c) => c.nseSymbol)).not.toContain('TATAMTRDVR');
    expect(outcome.problems).toEqual([]);
  });

  spec.itTakesKnownAtFromConnector(NIFTY_50, { source: 'niftyindices' });

  spec.itRejectsMissingColumns(
    'Company Name,Symbol,ISIN Code\nReliance,RELIANCE,INE002A01018\n',
    'expected the columns Company Name, Industry, Symbol, Series, ISIN Code',
  );

  spec.itReportsMalformedRow(NIFTY_50, ['RELIANCE,EQ,INE002A01018', 'RELIANCE,EQ,INE002A0101'], {
    problems: [
      {
        where: 'line 38 (RELIANCE)',
        message: 'ISIN Code "INE002A0101" is not a valid ISIN: expected 12 characters such as INE002A01018',
      },
    ],
    counts: { CompanyRegistered: 49 },
  });

  spec.itNeverThrowsOnDamagedBytes([NIFTY_500]);
});
