import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixture, givenCompanies, givenParseInput } from '../../../../test/support/parse-input.ts';
import { dataOf, expectEveryEventValid } from '../../../../test/support/parser-spec-kit.ts';
import { expectFirstMetadata, expectReading, fixtureText, parserSpec, type InputOverrides } from '../../../../test/support/parser-specs.ts';
import { describeWithSharedData, SHARED_DATA } from '../../../../test/support/shared-data.ts';
import { companyIdFromIsin } from '#ingest/shared/parser/company-lookup';
import { shareholdingSummaryParser as parser } from './parser.ts';

const RELIANCE = 'shareholding-summary/RELIANCE.csv';
const ACC = 'shareholding-summary/ACC.csv';
const HDFCBANK = 'shareholding-summary/HDFCBANK.csv';

const spec = parserSpec(parser);
const parse = (file: string, overrides: InputOverrides = {}) => spec.parseFixture(file, { fileName: path.basename(file), ...overrides });
const reported = (outcome: ReturnType<typeof parse>) => dataOf(outcome, 'ShareholdingReported');

describe('shareholding-summary', () => {
  it('reports one pattern per row, every one valid', () => {
    expectReading(parse(RELIANCE), { valid: true, rows: 12, counts: { ShareholdingReported: 12 }, problems: [] });
  });

  it("reads RELIANCE's Sep-2021 row as written", () => {
    // Line 1: 20210901T,50.61,25.41,13.20,0,10.60 (government 0 is nil: no holder line)
    const [first] = reported(parse(RELIANCE, { fileName: 'archive.zip/RELIANCE.csv' }));
    expect(first).toEqual({
      filingId: expect.any(String),
      companyId: null,
      company: { name: null, nseSymbol: 'RELIANCE', bseCode: null, isin: null, cin: null },
      periodEnd: '2021-09-30',
      promoterPct: '50.61',
      fiiPct: '25.41',
      diiPct: '13.20',
      mutualFundPct: null,
      publicPct: '10.60',
      pledgedPct: null,
      holders: [],
      parserVersion: 1,
    });
  });

  it("reads ACC's Dec-2021 and Sep-2024 rows", () => {
    const rows = reported(parse(ACC, { fileName: 'folder/ACC.csv' }));
    // Line 1: 20211201T,54.53,13.86,19.16,0,12.30
    expect(rows[0]).toMatchObject({ periodEnd: '2021-12-31', promoterPct: '54.53', fiiPct: '13.86', diiPct: '19.16', publicPct: '12.30' });
    // Line 12: 20240901T,56.69,5.51,24.43,0,13.22
    expect(rows[11]).toMatchObject({ periodEnd: '2024-09-30', promoterPct: '56.69', fiiPct: '5.51', diiPct: '24.43', publicPct: '13.22' });
    expect(rows.every((r) => r.company.nseSymbol === 'ACC')).toBe(true);
  });

  it("keeps HDFC Bank's post-merger promoter 0.00 as written", () => {
    // Line 8: 20230901T,0.00,52.13,30.39,0,17.30
    expect(reported(parse(HDFCBANK, { fileName: 'HDFCBANK.csv' }))[7]).toMatchObject({
      periodEnd: '2023-09-30',
      promoterPct: '0.00',
      fiiPct: '52.13',
      diiPct: '30.39',
      publicPct: '17.30',
    });
  });

  it('keeps a non-zero government figure as one holder line for the category', () => {
    const outcome = spec.parse('20240601T,51.00,20.00,15.00,2.50,11.50\r\n', { fileName: 'PSU.csv' });
    expect(reported(outcome)[0]?.holders).toEqual([
      { category: 'Government', name: 'Government (category total)', shares: null, percentage: '2.50' },
    ]);
  });

  it('resolves the company from the symbol when it is known, else leaves it null', () => {
    const companyId = companyIdFromIsin('INE002A01018');
    const known = reported(parse(RELIANCE, { companies: givenCompanies({ nse: { RELIANCE: companyId } }) }));
    expect(known.every((r) => r.companyId === companyId)).toBe(true);
    expect(reported(parse(RELIANCE)).every((r) => r.companyId === null)).toBe(true);
  });

  it('names one filing per symbol and period, the same on every parse of the same bytes', () => {
    const ids = reported(parse(RELIANCE)).map((r) => r.filingId);
    expect(new Set(ids).size).toBe(12);
    expect(reported(parse(RELIANCE)).map((r) => r.filingId)).toEqual(ids);
    // Another document stating the same company and period is another filing.
    const edited = fixtureText(RELIANCE).replace('20240601T,50.33', '20240601T,50.34');
    const other = reported(spec.parse(edited, { fileName: 'RELIANCE.csv' }));
    expect(other[0]?.filingId).not.toBe(ids[0]);
  });

  it('takes knownAt from the connector when given, else the 21-day LODR deadline', () => {
    // Sep-2021 quarter: due by the end of 21 Oct 2021, IST.
    expectFirstMetadata(parse(RELIANCE), { knownAt: '2021-10-21T18:30:00.000Z', source: 'third-party' });
    const stated = parse(RELIANCE, { knownAt: '2024-10-15T00:00:00.000Z' });
    expect(stated.events.map((e) => e.metadata.knownAt)).toEqual(Array(12).fill('2024-10-15T00:00:00.000Z'));
    // A connector time before a period ended is not used for that period.
    const early = parse(RELIANCE, { knownAt: '2022-01-10T00:00:00.000Z' });
    expect(early.events.map((e) => e.metadata.knownAt).slice(0, 3)).toEqual([
      '2022-01-10T00:00:00.000Z',
      '2022-01-10T00:00:00.000Z',
      '2022-04-21T18:30:00.000Z',
    ]);
  });

  it('never states a knownAt before the period ended', () => {
    for (const event of parse(ACC, { receivedAt: '2020-01-01T00:00:00.000Z' }).events) {
      const { periodEnd } = event.data as { periodEnd: string };
      expect(Date.parse(event.metadata.knownAt)).toBeGreaterThan(Date.parse(`${periodEnd}T18:29:59Z`));
    }
  });

  it('reports a bad row by its line and reads the others', () => {
    const damaged = fixtureText(RELIANCE)
      .replace('20211201T,50.61,24.75', '20211215T,50.61,24.75')
      .replace('20220301T,50.66,24.23,14.23,0,10.71', '20220301T,50.66,24.23,14.23,0')
      .replace('20220601T,50.62,23.90', '20220601T,150.62,23.90')
      .replace('20220901T,50.56,23.58', '20220901T,50.56,n/a%');
    const outcome = spec.parse(damaged, { fileName: 'RELIANCE.csv' });
    expect(outcome.problems).toEqual([
      {
        where: 'line 2',
        message: 'period "20211215T" is not a period key: expected the first day of a month as YYYYMMDDT, e.g. 20240601T',
      },
      {
        where: 'line 3',
        message: 'found 5 cells: expected 6 (period,promoters,fiis,diis,government,public), e.g. 20240601T,50.33,21.75,17.30,0,10.43',
      },
      { where: 'line 4', message: 'promoters "150.62" is not a percentage: expected a number from 0 to 100, e.g. 50.61' },
      { where: 'line 5', message: 'fiis "n/a%" is not a percentage: expected a number from 0 to 100, e.g. 50.61' },
    ]);
    expect(reported(outcome)).toHaveLength(8);
    expectEveryEventValid(outcome);
  });

  it('reads a repeated period once and says so', () => {
    const repeated = `${fixtureText(ACC)}20240901T,56.69,5.51,24.43,0,13.22\r\n`;
    const outcome = spec.parse(repeated, { fileName: 'ACC.csv' });
    expect(outcome.problems).toEqual([{ where: 'line 13', message: 'repeats the period of line 12 (2024-09-30): read once' }]);
    expect(reported(outcome)).toHaveLength(12);
  });

  it('rejects a file of another format, an empty file and a name that is no symbol, saying why', () => {
    spec.expectRejected(
      fixture('nse-intraday-bars/RELIANCE.csv'),
      expect.stringMatching(
        /^not a shareholding-summary file: expected headerless rows period,promoters,fiis,diis,government,public .*; line 1 is "date,open,high,low,close,volume"$/,
      ),
      { fileName: 'RELIANCE.csv' },
    );
    expect(parser.parse(givenParseInput('\r\n', { fileName: 'ACC.csv' }))).toMatchObject({
      ok: false,
      reason: expect.stringContaining('the file is empty'),
    });
    expect(parser.parse(givenParseInput(fixture(ACC), { fileName: 'ACC (1).csv' }))).toMatchObject({
      ok: false,
      reason: expect.stringContaining('the file name "ACC (1).csv" is not an NSE symbol'),
    });
  });

  it('rejects a file whose every row is bad, with the problems', () => {
    const outcome = parser.parse(givenParseInput('20240615T,1,2,3,0,4\r\n', { fileName: 'ACC.csv' }));
    expect(outcome).toMatchObject({ ok: false, reason: 'none of the 1 rows could be used', problems: [{ where: 'line 1' }] });
  });

  spec.itNeverThrowsOnDamagedBytes([RELIANCE], { fileName: 'RELIANCE.csv' });
});

describeWithSharedData('shareholding-summary over the real corpus', () => {
  it('parses all 477 files without a rejection, one pattern per row (5,410)', () => {
    const folder = path.join(SHARED_DATA, 'shareholding/quarterly_summary_tv');
    const files = readdirSync(folder).filter((name) => name.endsWith('.csv'));
    expect(files).toHaveLength(477);
    let events = 0;
    const rejected: string[] = [];
    for (const name of files) {
      const outcome = parser.parse(givenParseInput(readFileSync(path.join(folder, name)), { fileName: name }));
      if (!outcome.ok) rejected.push(`${name}: ${outcome.reason}`);
      else {
        expect(outcome.problems, name).toEqual([]);
        expect(outcome.events).toHaveLength(outcome.rows);
        events += outcome.events.length;
      }
    }
    expect(rejected).toEqual([]);
    expect(events).toBe(5410);
  });
});
