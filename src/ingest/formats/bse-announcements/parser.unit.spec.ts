import { describe, expect, it } from 'vitest';
import { BSE_RELIANCE_CAPITAL_UPDATE } from '../../../../test/support/disclosure-samples.ts';
import { givenCompanies, givenParseInput } from '../../../../test/support/parse-input.ts';
import { dataOf, expectEveryEventValid } from '../../../../test/support/parser-spec-kit.ts';
import { expectReading, idsOf, parserSpec, type InputOverrides } from '../../../../test/support/parser-specs.ts';
import { describeWithSharedData } from '../../../../test/support/shared-data.ts';
import { companyIdFromIsin } from '#ingest/shared/parser/company-lookup';
import { bseAnnouncementsParser as parser } from './parser.ts';

const DAY = 'bse-announcements/BSE_2021-08-21_2021-08-21.csv';
const HEADER = 'Symbol,Subject,Date,More Info,Category,PDF\n';
const spec = parserSpec(parser);
const parse = (overrides: InputOverrides = {}) => spec.parseFixture(DAY, overrides);
const parseText = (text: string) => parser.parse(givenParseInput(text));
const disclosures = (outcome: ReturnType<typeof parse>) => dataOf(outcome, 'DisclosurePublished');
const byCode = (outcome: ReturnType<typeof parse>, code: string) => disclosures(outcome).filter((d) => d.company.bseCode === code);

describe('bse-announcements', () => {
  it('publishes the 255 distinct announcements of the day, every event valid', () => {
    const outcome = parse();
    // 392 CSV records: 95 rows with only a PDF link (parts of the record above them) and 297
    // announcement records, of which 39 repeat an earlier one and 3 name no company.
    expectReading(outcome, { valid: true, rows: 297, counts: { DisclosurePublished: 255 } });
    const repeats = outcome.problems.filter((p) => p.message.includes('read once'));
    expect(repeats).toHaveLength(39);
    expect(outcome.problems.filter((p) => !repeats.includes(p))).toEqual([
      {
        where: 'line 474',
        message: expect.stringContaining('no company: Symbol and Subject are empty and More Info ("Dear Sir, Pursuant to Clause 42'),
      },
      { where: 'line 578', message: expect.stringContaining('no company') },
      { where: 'line 883', message: expect.stringContaining('no company') },
    ]);
  });

  it('reads the Reliance Capital announcement as published', () => {
    // Line 2: 500111,Reliance Capital Ltd - 500111 - Announcement Under Regulation 30 (LODR) - Updates,
    // 21-08-2021 22:02:39,Disclosure regarding payment of interest / principal on Non-Convertible Debentures,
    // Company Update,https://www.bseindia.com/xml-data/corpfiling/AttachLive/5dc03e76-e9d2-44f7-9fbe-daacae52996f.pdf
    const outcome = parse();
    expect(byCode(outcome, '500111')).toEqual([{ disclosureId: expect.any(String), ...BSE_RELIANCE_CAPITAL_UPDATE }]);
    // 22:02:39 IST is the knowledge time too, whatever the connector says.
    const event = outcome.events.find((e) => e.type === 'DisclosurePublished' && e.data.company.bseCode === '500111');
    expect(event?.metadata).toMatchObject({ knownAt: '2021-08-21T16:32:39.000Z', source: 'bse' });
    expect(parse({ knownAt: '2026-01-01T00:00:00.000Z' }).events.find((e) => e.id === event?.id)?.metadata.knownAt).toBe(
      '2021-08-21T16:32:39.000Z',
    );
  });

  it('types announcements from their subject and category', () => {
    const outcome = parse();
    // Line 4: "Capacite Infraprojects Ltd - 540710 - Announcement under Regulation 30 (LODR)-Credit Rating", Company Update
    expect(byCode(outcome, '540710')[0]).toMatchObject({
      eventType: 'credit_rating',
      documentType: 'credit_rating',
      category: 'Company Update',
    });
    // Line 5: "Intellect Design Arena Ltd - 538835 - Quarterly Financial Results For The Period Ended June 30, 2021.", Result
    expect(byCode(outcome, '538835')[0]).toMatchObject({
      eventType: 'financial_results',
      documentType: 'financial_results',
      subject: 'Quarterly Financial Results For The Period Ended June 30, 2021.',
      publishedAt: '2021-08-21T16:18:41.000Z',
    });
    // Line 3: OCL Iron and Steel, "Board Meeting Intimation for … The Approval Of Financial Results"
    expect(byCode(outcome, '533008')[0]).toMatchObject({ eventType: 'board_meeting', documentType: null, category: 'Board Meeting' });
    // "Williamson Magor … Regulation 29<BR> Of SEBI (Substantial Acquisition …)<BR>": the tags are markup, not text.
    expect(byCode(outcome, '519224').map((d) => [d.eventType, d.subject])).toContainEqual([
      'substantial_acquisition',
      'Disclosure Of Shareholding Under Regulation 29 Of SEBI (Substantial Acquisition Of Shares And Takeovers) Regulations, 2011',
    ]);
    const counts: Record<string, number> = {};
    for (const d of disclosures(outcome)) counts[d.eventType] = (counts[d.eventType] ?? 0) + 1;
    // The table in docs/event-types.md.
    expect(counts).toEqual({
      agm_egm: 59,
      newspaper_publication: 42,
      board_meeting: 35,
      substantial_acquisition: 28,
      regulatory_update: 18,
      earnings_call: 15,
      financial_results: 13,
      change_in_management: 12,
      dividend: 6,
      credit_rating: 5,
      annual_report: 3,
      corporate_action: 3,
      securities_issue: 3,
      investor_presentation: 2,
      order_or_contract: 2,
      shareholding: 2,
      other: 2,
      acquisition: 1,
      clarification: 1,
      insider_trading: 1,
      press_release: 1,
      scheme_of_arrangement: 1,
    });
  });

  it('takes the company from More Info when the Subject is empty', () => {
    const outcome = parse();
    // Line 272: 532072 with an empty Subject; More Info "INTERWORLD DIGITAL LTD.-has informed BSE that the meeting …"
    expect(byCode(outcome, '532072')).toEqual([
      expect.objectContaining({
        company: { name: 'INTERWORLD DIGITAL LTD.', nseSymbol: null, bseCode: '532072', isin: null, cin: null },
        eventType: 'board_meeting',
        category: 'Board Meeting',
        subject: expect.stringMatching(/^INTERWORLD DIGITAL LTD\.-has informed BSE that the meeting of the Board of Directors .*…$/),
        publishedAt: '2021-08-21T12:45:05.000Z',
      }),
    ]);
    // Line 341: no Symbol, no Subject, but "Suratwwala Business Group Ltd has informed BSE that …": named, no code.
    expect(disclosures(outcome).find((d) => d.company.name === 'Suratwwala Business Group Ltd')).toMatchObject({
      companyId: null,
      company: { bseCode: null },
      publishedAt: '2021-08-21T12:21:21.000Z',
    });
  });

  it('skips the rows with only a PDF link, which repeat the link of the record above', () => {
    const outcome = parse();
    expect(disclosures(outcome).every((d) => d.subject.length > 0 && d.publishedAt)).toBe(true);
    // Marvel Vinyls (line 83, More Info over two lines) is followed by two rows repeating its PDF link (lines 85-86).
    expect(byCode(outcome, '531394')).toHaveLength(1);
    expect(outcome.problems.some((p) => /^line 8[56]\b/.test(p.where))).toBe(false);
  });

  it('reports a PDF-only row with another link, and one before any announcement', () => {
    const text = [
      ',,,,,https://www.bseindia.com/xml-data/corpfiling/AttachLive/aaaa.pdf',
      '500111,Reliance Capital Ltd - 500111 - Updates,21-08-2021 22:02:39,Text,Company Update,https://www.bseindia.com/xml-data/corpfiling/AttachLive/bbbb.pdf',
      ',,,,Company Update,https://www.bseindia.com/xml-data/corpfiling/AttachLive/bbbb.pdf',
      ',,,,,https://www.bseindia.com/xml-data/corpfiling/AttachLive/cccc.pdf',
      ',,,,,NO PDF',
    ].join('\n');
    const outcome = spec.parse(`${HEADER}${text}\n`);
    expect(outcome.rows).toBe(1);
    expect(outcome.problems).toEqual([
      { where: 'line 2', message: 'a row with only a PDF link before any announcement: expected it after the announcement it belongs to' },
      {
        where: 'line 5',
        message:
          'a second attachment (https://www.bseindia.com/xml-data/corpfiling/AttachLive/cccc.pdf) of line 3 (500111): an announcement carries one attachment link; this one is not kept',
      },
    ]);
  });

  it('keeps an announcement without a PDF ("NO PDF") with no attachment', () => {
    // Jagran Prakashan (532705, line 81): "Shareholding for the Period Ended August 20, 2021", PDF "NO PDF".
    expect(byCode(parse(), '532705')[0]).toMatchObject({
      attachmentUrl: null,
      eventType: 'shareholding',
      documentType: 'shareholding_pattern',
    });
  });

  it('reads a page the scraper saved twice once, and says so', () => {
    const outcome = parse();
    expect(byCode(outcome, '500111')).toHaveLength(1);
    expect(outcome.problems).toContainEqual({
      where: 'line 101 (500111)',
      message: 'repeats line 2 (500111) (same company, time and attachment): read once',
    });
    // Line 113 repeats line 14 (VST Tillers, 531266) with its Symbol cell empty: the same announcement.
    expect(byCode(outcome, '531266')).toHaveLength(1);
    expect(outcome.problems).toContainEqual({ where: 'line 113 (531266)', message: expect.stringContaining('repeats line 14 (531266)') });
  });

  it('resolves the company from the scrip code when it is known', () => {
    const companyId = companyIdFromIsin('INE013A01015');
    expect(byCode(parse({ companies: givenCompanies({ bse: { '500111': companyId } }) }), '500111')[0]?.companyId).toBe(companyId);
  });

  it('derives the same ids from the same bytes, and a distinct id per announcement', () => {
    const ids = idsOf(parse());
    expect(idsOf(parse())).toEqual(ids);
    const disclosureIds = disclosures(parse()).map((d) => d.disclosureId);
    expect(new Set(disclosureIds).size).toBe(disclosureIds.length);
  });

  it('reports bad records by line and reads the others', () => {
    const text = [
      '500111,Reliance Capital Ltd - 500111 - Updates,31-02-2021 22:02:39,Text,Company Update,NO PDF',
      '500112,Reliance Capital Ltd - 500111 - Updates,21-08-2021 22:02:39,Text,Company Update,NO PDF',
      'ABC,Some Ltd - 500113 - Updates,21-08-2021 22:02:39,Text,Company Update,NO PDF',
      '500114,Other Ltd - 500114 - Updates,21-08-2021 22:02:39,Text,Company Update,see the website',
    ].join('\n');
    const outcome = spec.parse(`${HEADER}${text}\n`);
    expect(outcome.problems).toEqual([
      {
        where: 'line 2 (500111)',
        message: 'Date "31-02-2021 22:02:39" is not a date and time: expected DD-MM-YYYY HH:MM:SS (IST), e.g. 21-08-2021 22:02:39',
      },
      { where: 'line 3 (500112)', message: 'Symbol 500112 and the code 500111 in the Subject differ: expected the same scrip code' },
      { where: 'line 4 (ABC)', message: 'Symbol "ABC" is not a BSE scrip code: expected six digits' },
      {
        where: 'line 5 (500114)',
        message: 'PDF "see the website" is not a link: expected an https URL or "NO PDF"; the announcement is kept without it',
      },
    ]);
    expect(dataOf(outcome, 'DisclosurePublished').map((d) => [d.company.bseCode, d.attachmentUrl])).toEqual([['500114', null]]);
  });

  it('rejects a file without the expected columns, naming them, and one without records', () => {
    spec.expectRejected(
      'Symbol,Subject,Date\n500111,X - 500111 - Y,21-08-2021 22:02:39\n',
      expect.stringContaining('expected the columns Symbol, Subject, Date, More Info, Category, PDF; missing More Info, Category, PDF'),
    );
    expect(parseText(HEADER)).toMatchObject({ ok: false, reason: 'the file has a header but no rows' });
  });

  spec.itNeverThrowsOnDamagedBytes([DAY]);
});

describeWithSharedData('bse-announcements over the real corpus', () => {
  it('parses the real day file: 255 announcements from 297 records', () => {
    const outcome = spec.parseSharedData('announcements/BSE_2021-08-21_2021-08-21.csv');
    expectEveryEventValid(outcome);
    expect([outcome.rows, dataOf(outcome, 'DisclosurePublished').length, outcome.problems.length]).toEqual([297, 255, 42]);
  });
});
