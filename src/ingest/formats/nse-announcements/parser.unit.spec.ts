import { describe, expect, it } from 'vitest';
import { givenCompanies, givenParseInput } from '../../../../test/support/parse-input.ts';
import { dataOf } from '../../../../test/support/parser-spec-kit.ts';
import { expectReading, fixtureText, idsOf, parserSpec, type InputOverrides } from '../../../../test/support/parser-specs.ts';
import { companyIdFromIsin } from '#ingest/shared/parser/company-lookup';
import { nseAnnouncementsParser as parser } from './parser.ts';

// Constructed from NSE's published layout (fixtures/nse-announcements/PROVENANCE.md): the
// values are illustrative, not facts about the companies.
const FILE = 'nse-announcements/announcements-constructed.json';
const spec = parserSpec(parser);
const parse = (overrides: InputOverrides = {}) => spec.parseFixture(FILE, overrides);
const disclosures = (outcome: ReturnType<typeof parse>) => dataOf(outcome, 'DisclosurePublished');
const bySymbol = (outcome: ReturnType<typeof parse>, symbol: string) => disclosures(outcome).filter((d) => d.company.nseSymbol === symbol);
const records = () => JSON.parse(fixtureText(FILE)) as Record<string, unknown>[];

describe('nse-announcements', () => {
  it('publishes one disclosure per announcement, every event valid', () => {
    expectReading(parse(), {
      valid: true,
      rows: 13,
      counts: { DisclosurePublished: 11 },
      problems: [
        {
          where: 'record 11 (seq_id 106901011)',
          message: 'no readable time: exchdisstime "", an_dt "not a date"; expected e.g. 07-Aug-2026 23:57:46 (IST)',
        },
        { where: 'record 12 (seq_id 106901003)', message: 'repeats record 3 (seq_id 106901003) (same company and seq_id): read once' },
      ],
    });
  });

  it('reads an equity announcement: desc as subject and category, attchmntText as body, the ISIN decides the company', () => {
    const outcome = parse();
    expect(bySymbol(outcome, 'TCS')).toEqual([
      {
        disclosureId: expect.any(String),
        companyId: companyIdFromIsin('INE467B01029'),
        company: { name: 'Tata Consultancy Services Limited', nseSymbol: 'TCS', bseCode: null, isin: 'INE467B01029', cin: null },
        eventType: 'credit_rating',
        category: 'Credit Rating',
        subject: 'Credit Rating',
        body: 'Tata Consultancy Services Limited has informed the Exchange about Credit Rating',
        documentType: 'credit_rating',
        attachmentUrl: 'https://nsearchives.nseindia.com/corporate/TCS_07082026172941_Credit_Rating_Intimation.pdf',
        // exchdisstime 07-Aug-2026 17:30:04 IST (an_dt, when NSE received it, is 17:30:02)
        publishedAt: '2026-08-07T12:00:04.000Z',
        parserVersion: 1,
      },
    ]);
    const event = outcome.events.find((e) => e.type === 'DisclosurePublished' && e.data.company.nseSymbol === 'TCS');
    expect(event?.metadata).toMatchObject({ knownAt: '2026-08-07T12:00:04.000Z', source: 'nse' });
  });

  it('types each announcement from its desc', () => {
    const types = disclosures(parse()).map((d) => [d.category, d.eventType, d.documentType]);
    expect(types).toEqual([
      ['Financial Result Updates', 'financial_results', 'financial_results'],
      ['Analysts/Institutional Investor Meet/Con. Call Updates', 'earnings_call', null],
      ['Credit Rating', 'credit_rating', 'credit_rating'],
      ['Investor Presentation', 'investor_presentation', 'investor_presentation'],
      ['Press Release', 'press_release', 'investor_presentation'],
      ['Change in Management', 'change_in_management', null],
      ['Shareholders meeting', 'agm_egm', null],
      ['Record Date', 'corporate_action', null],
      ['Disclosure Under Regulation 51', 'regulatory_update', null],
      ['Acquisition', 'acquisition', null],
      ['General Updates', 'other', null],
    ]);
  });

  it('reads a debt-segment record: no symbol or ISIN, upper-case month, the name only', () => {
    expect(disclosures(parse()).find((d) => d.company.name === 'Example Capital Services Limited')).toMatchObject({
      companyId: null,
      company: { nseSymbol: null, isin: null },
      // exchdisstime "07-AUG-2026 23:31:15"
      publishedAt: '2026-08-07T18:01:15.000Z',
      attachmentUrl: 'https://nsearchives.nseindia.com/content/debt/WDM/EXAMPLECAP_07082026232942_Final.pdf',
    });
  });

  it('falls back on an_dt without exchdisstime, and on the symbol without an ISIN', () => {
    const outcome = parse({ companies: givenCompanies({ nse: { ACC: companyIdFromIsin('INE012A01025') } }) });
    expect(bySymbol(outcome, 'ADANIENT')[0]?.publishedAt).toBe('2026-08-07T06:45:00.000Z');
    expect(bySymbol(outcome, 'ACC')[0]).toMatchObject({ companyId: companyIdFromIsin('INE012A01025'), company: { isin: null } });
    expect(bySymbol(outcome, 'SBIN').find((d) => d.category === 'General Updates')?.attachmentUrl).toBeNull();
  });

  it('reads the API wrapper {"data": [...]} alike, with numeric seq_ids', () => {
    const wrapped = { data: records().map((r) => ({ ...r, seq_id: Number(r.seq_id) })) };
    const outcome = spec.parse(JSON.stringify(wrapped));
    expect(disclosures(outcome).map((d) => d.subject)).toEqual(disclosures(parse()).map((d) => d.subject));
  });

  it('reports unusable records and keeps the rest', () => {
    const [first] = records();
    const text = JSON.stringify([
      first,
      42,
      { ...first, seq_id: '1', desc: '' },
      { ...first, seq_id: '2', symbol: null, sm_isin: null, sm_name: null },
    ]);
    const outcome = spec.parse(text);
    expect(outcome.problems).toEqual([
      { where: 'record 2', message: expect.stringContaining('not an announcement') },
      { where: 'record 3 (seq_id 1)', message: 'desc is empty: expected the announcement\'s subject, e.g. "Credit Rating"' },
      { where: 'record 4 (seq_id 2)', message: 'no company: symbol, sm_isin and sm_name are all empty' },
    ]);
    expect(disclosures(outcome)).toHaveLength(1);
  });

  it('rejects what is not a list of announcements, saying what was expected', () => {
    expect(parser.parse(givenParseInput('{"data": 1}'))).toMatchObject({
      ok: false,
      reason: expect.stringContaining('expected a JSON array of NSE corporate announcements'),
    });
    expect(parser.parse(givenParseInput('[]'))).toMatchObject({ ok: false, reason: expect.stringContaining('holds no announcements') });
    expect(parser.parse(givenParseInput('[{"an_dt"'))).toMatchObject({ ok: false, reason: expect.stringContaining('not valid JSON') });
  });

  it('derives the same ids from the same bytes', () => {
    expect(idsOf(parse())).toEqual(idsOf(parse()));
  });

  spec.itNeverThrowsOnDamagedBytes([FILE]);
});
