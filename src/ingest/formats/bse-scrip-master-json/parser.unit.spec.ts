import { describe, expect, it } from 'vitest';
import { dataOf, type ParsedOutcome } from '../../../../test/support/parser-spec-kit.ts';
import { expectReading, fixtureText, parserSpec } from '../../../../test/support/parser-specs.ts';
import { companyIdFromIsin, instrumentIdOf } from '#ingest/shared/parser/company-lookup';
import { bseScripListParser } from '#ingest/formats/bse-scrip-list/parser';
import { bseScripMasterJsonParser as parser } from './parser.ts';

// Constructed from every row of fixtures/bse-scrip-list/ListOfScrips.csv (real rows of BSE's
// 2015 list): see fixtures/bse-scrip-master-json/PROVENANCE.md.
const LIST = 'bse-scrip-master-json/ListofScripData-constructed-from-ListOfScrips.json';
const CSV = 'bse-scrip-list/ListOfScrips.csv';
const spec = parserSpec(parser);
type ScripRecord = Record<string, unknown>;
const records = () => JSON.parse(fixtureText(LIST)) as ScripRecord[];
/** The list with its records changed by `edit`, parsed. */
const parseEdited = (edit: (list: ScripRecord[]) => void) => {
  const list = records();
  edit(list);
  return spec.parse(JSON.stringify(list));
};
/** What a document's events say, without what names the document they came from (ids, file, digest). */
const contentOf = (outcome: ParsedOutcome) => outcome.events.map((e) => ({ type: e.type, data: e.data, knownAt: e.metadata.knownAt }));

describe('bse-scrip-master-json', () => {
  it('gives the events the CSV download gives for the same scrips', () => {
    const fromCsv = parserSpec(bseScripListParser).parseFixture(CSV);
    const fromJson = spec.parseFixture(LIST);
    expectReading(fromJson, { valid: true, rows: 61 });
    expect(contentOf(fromJson)).toEqual(contentOf(fromCsv));
    expect(fromJson.events.length).toBeGreaterThan(90);
    // The same problems, at the same scrips: CSV line n is record n - 1, under the API's field names.
    expect(fromJson.problems).toEqual(
      fromCsv.problems.map(({ where, message }) => ({
        where: where.replace(/^line (\d+)/, (_, line: string) => `record ${Number(line) - 1}`),
        message: message.replace(/^ISIN No /, 'ISIN_NUMBER '),
      })),
    );
    expect(fromJson.problems.map((p) => p.where)).toEqual([
      'record 43 (500181)', // Herbertsons' 11-character ISIN
      'record 48 (511169)', // a bad check digit
      'record 52 (531154)', // Status "N"
      'record 53 (532465)', // IN9… with no equity share of its issuer in the list
      'record 60 (580001)', // Standard Chartered's IDR, likewise
    ]);
  });

  it('reads a company with its BSE code, status and industry', () => {
    // Record 2 (CSV line 3): "SCRIP_CD":"500003","Scrip_Name":"AEGIS LOGISTICS LTD.","Status":"Active","FACE_VALUE":"10.00",
    //   "ISIN_NUMBER":"INE208C01017","INDUSTRY":"Oil Marketing &amp; Distribution","Segment":"Equity"
    const outcome = spec.parseFixture(LIST);
    expect(dataOf(outcome, 'CompanyRegistered').find((c) => c.bseCode === '500003')).toMatchObject({
      companyId: companyIdFromIsin('INE208C01017'),
      name: 'AEGIS LOGISTICS LTD.',
      isin: 'INE208C01017',
      industry: 'Oil Marketing & Distribution',
      listingStatus: 'listed',
    });
    expect(dataOf(outcome, 'InstrumentListed').find((i) => i.ticker === '500003')).toMatchObject({
      instrumentId: instrumentIdOf('BSE', 'INE208C01017'),
      exchange: 'BSE',
      faceValue: '10',
      status: 'listed',
    });
  });

  it("names the company by Issuer_Name when the API states it, and reads numbers as BSE's strings", () => {
    const outcome = parseEdited((list) =>
      Object.assign(list[0] ?? {}, { SCRIP_CD: 500002, FACE_VALUE: 2, Issuer_Name: 'ABB India Limited.' }),
    );
    expect(dataOf(outcome, 'CompanyRegistered').find((c) => c.bseCode === '500002')?.name).toBe('ABB India Limited.');
    expect(dataOf(outcome, 'InstrumentListed').find((i) => i.ticker === '500002')).toMatchObject({
      name: 'ABB India Limited',
      faceValue: '2',
    });
  });

  it('reports a bad record by its position and reads the others', () => {
    const outcome = parseEdited((list) => {
      Object.assign(list[0] ?? {}, { SCRIP_CD: '5000' });
      Object.assign(list[1] ?? {}, { FACE_VALUE: 'ten' });
      list.push('500099' as unknown as ScripRecord);
    });
    expect(outcome.problems.slice(0, 2)).toEqual([
      { where: 'record 1 (5000)', message: 'SCRIP_CD "5000" is not a BSE scrip code: expected six digits' },
      { where: 'record 2 (500003)', message: 'FACE_VALUE "ten" is not a number: expected e.g. 10.00' },
    ]);
    expect(outcome.problems.at(-1)).toEqual({
      where: 'record 62',
      message: 'not a scrip: expected an object with SCRIP_CD, Scrip_Name, Status, ISIN_NUMBER, …',
    });
  });

  it('rejects what is not a list of scrips, and an empty list', () => {
    spec.expectRejected('{"Table":[]}', expect.stringContaining('expected a JSON array of BSE scrips'));
    spec.expectRejected('[]', expect.stringContaining('the list holds no scrips'));
  });

  spec.itTakesKnownAtFromConnector(LIST, { source: 'bse' });
  spec.itNeverThrowsOnDamagedBytes([LIST]);
});
