import { describe, expect, it } from 'vitest';
import { BSE_RELIANCE_CAPITAL_UPDATE } from '../../../../test/support/disclosure-samples.ts';
import { givenCompanies, givenParseInput } from '../../../../test/support/parse-input.ts';
import { dataOf, type ParsedOutcome } from '../../../../test/support/parser-spec-kit.ts';
import { expectReading, fixtureText, parserSpec } from '../../../../test/support/parser-specs.ts';
import { companyIdFromIsin } from '#ingest/shared/parser/company-lookup';
import { bseAnnouncementsParser } from '#ingest/formats/bse-announcements/parser';
import { bseAnnouncementPages } from './announcement-record.ts';
import { bseAnnouncementsJsonParser as parser } from './parser.ts';

// Constructed from six real records of BSE's announcements of 21 Aug 2021 (the CSV listing):
// see fixtures/bse-announcements-json/PROVENANCE.md.
const PAGE = 'bse-announcements-json/AnnSubCategoryGetData-constructed-20210821-p1.json';
const EMPTY = 'bse-announcements-json/AnnSubCategoryGetData-empty-day.json';
const CSV = 'bse-announcements/BSE_2021-08-21_2021-08-21.csv';
const spec = parserSpec(parser);
const disclosures = (outcome: ParsedOutcome) => dataOf(outcome, 'DisclosurePublished');
const pageJson = () => JSON.parse(fixtureText(PAGE)) as { Table: Record<string, unknown>[]; Table1: { ROWCNT: number }[] };
/** The page with its records changed by `edit` (record index from 0), parsed. */
const parseEdited = (edit: (table: Record<string, unknown>[]) => void) => {
  const json = pageJson();
  edit(json.Table);
  return spec.parse(JSON.stringify(json));
};

describe('bse-announcements-json', () => {
  it('publishes one disclosure per record, known when BSE disseminated it', () => {
    const outcome = spec.parseFixture(PAGE);
    expectReading(outcome, { valid: true, rows: 6, counts: { DisclosurePublished: 6 }, problems: [] });
    // Record 1: SCRIP_CD 500111, DissemDT "2021-08-21T22:02:39" (IST), whatever the connector says.
    expect(disclosures(outcome)[0]).toEqual({ disclosureId: expect.any(String), ...BSE_RELIANCE_CAPITAL_UPDATE });
    expect(outcome.events[0]?.metadata).toMatchObject({ knownAt: '2021-08-21T16:32:39.000Z', source: 'bse' });
    const later = spec.parseFixture(PAGE, { knownAt: '2026-01-01T00:00:00.000Z' });
    expect(later.events[0]?.metadata.knownAt).toBe('2021-08-21T16:32:39.000Z');
  });

  it('gives the data the CSV listing gives for the same announcements', () => {
    const fromCsv = disclosures(parserSpec(bseAnnouncementsParser).parseFixture(CSV));
    const fromJson = disclosures(spec.parseFixture(PAGE));
    const withoutId = ({ disclosureId: _id, ...rest }: (typeof fromJson)[number]) => rest;
    const same = fromJson.map((d) => fromCsv.find((c) => c.company.bseCode === d.company.bseCode && c.publishedAt === d.publishedAt));
    expect(same.map((d) => d && withoutId(d))).toEqual(fromJson.map(withoutId));
    expect(fromJson.map((d) => [d.company.bseCode, d.eventType, d.attachmentUrl !== null])).toEqual([
      ['500111', 'regulatory_update', true],
      ['533008', 'board_meeting', true],
      ['538835', 'financial_results', true],
      ['540710', 'credit_rating', true],
      ['532705', 'shareholding', false], // ATTACHMENTNAME "" (the CSV's "NO PDF")
      ['519224', 'substantial_acquisition', true],
    ]);
  });

  it('parses a day with nothing published as no events, not a rejection', () => {
    expect(parser.parse(givenParseInput(fixtureText(EMPTY)))).toEqual({ ok: true, events: [], rows: 0, problems: [] });
  });

  it('rejects an empty page of an answer that has records, and what is not the answer', () => {
    spec.expectRejected('{"Table":[],"Table1":[{"ROWCNT":71}]}', expect.stringContaining('the page holds no announcements'));
    spec.expectRejected('{"rows":[]}', expect.stringContaining('"Table": [{NEWSID, SCRIP_CD'));
    expect(parser.parse(givenParseInput('{"Table": [')).ok).toBe(false);
  });

  it('counts the rows and pages of a page for the connector', () => {
    expect(bseAnnouncementPages(pageJson())).toEqual({ rows: 6, totalPages: 1 });
    expect(bseAnnouncementPages(JSON.parse(fixtureText(EMPTY)))).toEqual({ rows: 0, totalPages: 0 });
    const json = pageJson();
    for (const record of json.Table) record.TotalPageCnt = 2;
    json.Table1 = [{ ROWCNT: 71 }];
    expect(bseAnnouncementPages(json)).toEqual({ rows: 6, totalPages: 2 });
    // Without TotalPageCnt, ROWCNT alone does not tell the page size.
    for (const record of json.Table) delete record.TotalPageCnt;
    expect(bseAnnouncementPages(json)).toEqual({ rows: 6, totalPages: null });
    expect(bseAnnouncementPages({ rows: [] })).toEqual({ rows: 0, totalPages: null });
    expect(bseAnnouncementPages(null)).toEqual({ rows: 0, totalPages: null });
  });

  it('takes the dissemination time, fraction of a second dropped, else NEWS_DT', () => {
    const outcome = parseEdited((table) => {
      Object.assign(table[0] ?? {}, { DissemDT: '2021-08-21T22:05:01.53' });
      Object.assign(table[1] ?? {}, { DissemDT: null, NEWS_DT: '2021-08-21T21:54:23.2' });
    });
    expect(
      disclosures(outcome)
        .map((d) => d.publishedAt)
        .slice(0, 2),
    ).toEqual(['2021-08-21T16:35:01.000Z', '2021-08-21T16:24:23.000Z']);
  });

  it('reads MORE, when BSE sends the longer text, as the body', () => {
    const outcome = parseEdited((table) => Object.assign(table[3] ?? {}, { MORE: 'Intimation of Credit Rating by CARE Ratings' }));
    expect(disclosures(outcome)[3]?.body).toBe('Intimation of Credit Rating by CARE Ratings');
  });

  it('reads a record repeated on the page once, and says so', () => {
    const outcome = parseEdited((table) => table.push({ ...table[0] }));
    expect(disclosures(outcome)).toHaveLength(6);
    expect(outcome.problems).toEqual([
      { where: 'record 7 (500111)', message: 'repeats record 1 (500111) (same company, time and attachment): read once' },
    ]);
  });

  it('reports bad records by position and reads the others', () => {
    const outcome = parseEdited((table) => {
      Object.assign(table[0] ?? {}, { SCRIP_CD: 'ABC' });
      Object.assign(table[1] ?? {}, { SCRIP_CD: 533009 });
      Object.assign(table[2] ?? {}, { DissemDT: '21/08/2021', NEWS_DT: '' });
      Object.assign(table[3] ?? {}, { ATTACHMENTNAME: 'see the website' });
    });
    expect(outcome.problems).toEqual([
      { where: 'record 1 (ABC)', message: 'SCRIP_CD "ABC" is not a BSE scrip code: expected six digits' },
      { where: 'record 2 (533009)', message: 'SCRIP_CD 533009 and the code 533008 in NEWSSUB differ: expected the same scrip code' },
      {
        where: 'record 3 (538835)',
        message: 'no readable time: DissemDT "21/08/2021", NEWS_DT ""; expected e.g. 2021-08-21T22:02:39 (IST)',
      },
      { where: 'record 4 (540710)', message: 'ATTACHMENTNAME "see the website" is not a file name: the announcement is kept without it' },
    ]);
    expect(disclosures(outcome).map((d) => [d.company.bseCode, d.attachmentUrl])).toEqual([
      ['540710', null],
      ['532705', null],
      ['519224', 'https://www.bseindia.com/xml-data/corpfiling/AttachLive/5997c48a-06bf-4dba-8169-73af1cb6cfe8.pdf'],
    ]);
  });

  it('resolves the company from the scrip code when it is known', () => {
    const companyId = companyIdFromIsin('INE013A01015');
    const outcome = spec.parseFixture(PAGE, { companies: givenCompanies({ bse: { '500111': companyId } }) });
    expect(disclosures(outcome)[0]?.companyId).toBe(companyId);
  });

  spec.itNeverThrowsOnDamagedBytes([PAGE, EMPTY]);
});
