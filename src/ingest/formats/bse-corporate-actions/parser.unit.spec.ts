import { describe, expect, it } from 'vitest';
import { givenCompanies } from '../../../../test/support/parse-input.ts';
import { dataOf } from '../../../../test/support/parser-spec-kit.ts';
import {
  expectFirstMetadata,
  expectReading,
  fixtureText,
  idsOf,
  parserSpec,
  type InputOverrides,
} from '../../../../test/support/parser-specs.ts';
import { companyIdFromIsin } from '#ingest/shared/parser/company-lookup';
import { bseCorporateActionsParser as parser } from './parser.ts';

const spec = parserSpec(parser);
const ACTIONS = 'bse-corporate-actions/Corporate_Actions.csv';
const parse = (overrides: InputOverrides = {}) => spec.parseFixture(ACTIONS, overrides);
const actionOf = (outcome: ReturnType<typeof parse>, code: string) =>
  dataOf(outcome, 'CorporateActionAnnounced').find((a) => a.company.bseCode === code);

describe('bse-corporate-actions', () => {
  it('announces one action per row, every one valid', () => {
    expectReading(parse(), { valid: true, rows: 61, counts: { CorporateActionAnnounced: 61 }, problems: [] });
  });

  it('reads a split with its dates and face values', () => {
    // Fixture line 2 (line 2 of the original):
    // 517001,BIRLAYAM,24 Apr 2009,Stock  Split From Rs.10/- to Rs.1/-,05 May 2009,-,-,24 Apr 2009,04 May 2009,-
    const outcome = parse();
    const action = actionOf(outcome, '517001');
    expect(action).toEqual({
      actionId: expect.any(String),
      companyId: null,
      // "Security Name" here is BSE's scrip id (BIRLAYAM), not a company name.
      company: { name: null, nseSymbol: null, bseCode: '517001', isin: null, cin: null },
      actionType: 'stock_split',
      purpose: 'Stock  Split From Rs.10/- to Rs.1/-',
      exDate: '2009-04-24',
      recordDate: '2009-05-05',
      amountPerShare: null,
      ratio: null,
      faceValueFrom: '10',
      faceValueTo: '1',
      parserVersion: 2,
    });
    // Fixture line 62 (original line 473, the last): ZPARANLT, 12 Jun 2015, Rs.100/- to Rs.1/-, record 15 Jun 2015
    expect(actionOf(outcome, '506159')).toMatchObject({
      exDate: '2015-06-12',
      recordDate: '2015-06-15',
      faceValueFrom: '100',
      faceValueTo: '1',
    });
  });

  it('keeps a split without face values as a split with null values', () => {
    // Fixture line 57 (original line 405): 590115,M50,16 Oct 2014,Stock  Split From Rs./- to Rs./-,17 Oct 2014,…
    expect(actionOf(parse(), '590115')).toMatchObject({
      actionType: 'stock_split',
      faceValueFrom: null,
      faceValueTo: null,
      exDate: '2014-10-16',
    });
  });

  it('reads "-" as no record date', () => {
    // Fixture line 7 (original line 7): 511092,JMDTELEFILM,03 Jul 2009,Stock  Split From Rs.10/- to Rs.1/-,-,10 Jul 2009,…
    expect(actionOf(parse(), '511092')).toMatchObject({ exDate: '2009-07-03', recordDate: null });
  });

  it('resolves the company from the scrip code when it is known', () => {
    const companyId = companyIdFromIsin('INE397D01024');
    // Fixture line 18 (original line 18): 532454,BHARTIARTL,24 Jul 2009,Stock  Split From Rs.10/- to Rs.5/-
    const outcome = parse({ companies: givenCompanies({ bse: { '532454': companyId } }) });
    expect(actionOf(outcome, '532454')).toMatchObject({ companyId, faceValueFrom: '10', faceValueTo: '5' });
  });

  it('derives the action id from exchange, code, ex-date and purpose', () => {
    const a = idsOf(parse());
    expect(idsOf(parse())).toEqual(a);
    const ids = dataOf(parse(), 'CorporateActionAnnounced').map((d) => d.actionId);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('knows an action from the start of its ex-date in India, the exchange having announced it by then', () => {
    // Line 2: BIRLAYAM, ex-date 24 Apr 2009, record date 05 May 2009; the file is from 2015.
    expectFirstMetadata(parse(), { knownAt: '2009-04-23T18:30:00.000Z', knownAtBasis: 'implied', source: 'bse' });
    expectFirstMetadata(parse({ knownAt: '2015-07-13T00:00:00.000Z' }), { knownAt: '2009-04-23T18:30:00.000Z', knownAtBasis: 'implied' });
  });

  it("takes the connector's time, else the time received, when it is earlier than the action's dates", () => {
    // A file given as published on 20 Apr 2009, four days before the ex-date.
    expectFirstMetadata(parse({ knownAt: '2009-04-20T12:00:00.000Z' }), { knownAt: '2009-04-20T12:00:00.000Z', knownAtBasis: 'file' });
    expectFirstMetadata(parse({ receivedAt: '2009-04-21T12:00:00.000Z' }), {
      knownAt: '2009-04-21T12:00:00.000Z',
      knownAtBasis: 'received',
    });
  });

  spec.itRejectsMissingColumns(
    'Security Code,Ex Date,Purpose\n517001,24 Apr 2009,Bonus 1:1\n',
    'expected the columns Security Code, Security Name, Ex Date, Purpose, Record Date',
  );

  spec.itReportsMalformedRow(ACTIONS, ['517001,BIRLAYAM,24 Apr 2009', '517001,BIRLAYAM,31 Apr 2009'], {
    problems: [{ where: 'line 2 (517001)', message: 'Ex Date "31 Apr 2009" is not a date: expected e.g. 24 Apr 2009' }],
    counts: { CorporateActionAnnounced: 60 },
  });

  it('reads a repeated row once and says so', () => {
    const repeated = `${fixtureText(ACTIONS)}517001,BIRLAYAM,24 Apr 2009,Stock  Split From Rs.10/- to Rs.1/-,05 May 2009,-,-,24 Apr 2009,04 May 2009,-\n`;
    const outcome = spec.parse(repeated);
    expect(outcome.problems).toEqual([
      { where: 'line 63 (517001)', message: 'repeats line 2 (517001) (same ticker, ex-date and purpose): read once' },
    ]);
  });

  spec.itNeverThrowsOnDamagedBytes([ACTIONS]);
});
