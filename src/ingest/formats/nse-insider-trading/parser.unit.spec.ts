import { describe, expect, it } from 'vitest';
import { DisclosurePublishedSchema } from '#schemas/events/disclosure';
import { givenCompanies, givenParseInput } from '../../../../test/support/parse-input.ts';
import { dataOf, expectEveryEventValid } from '../../../../test/support/parser-spec-kit.ts';
import { expectReading, fixtureText, idsOf, parserSpec, type InputOverrides } from '../../../../test/support/parser-specs.ts';
import { describeWithSharedData } from '../../../../test/support/shared-data.ts';
import { companyIdFromIsin } from '#ingest/shared/parser/company-lookup';
import { nseInsiderTradingParser as parser } from './parser.ts';

const FILE = 'nse-insider-trading/CF-Insider-Trading-equities-29-04-2020-to-29-07-2020.csv';
const spec = parserSpec(parser);
const parse = (overrides: InputOverrides = {}) => spec.parseFixture(FILE, overrides);
const disclosures = (outcome: ReturnType<typeof parse>) => dataOf(outcome, 'DisclosurePublished');
const bySymbol = (outcome: ReturnType<typeof parse>, symbol: string) => disclosures(outcome).filter((d) => d.company.nseSymbol === symbol);

describe('nse-insider-trading', () => {
  it('publishes one disclosure document per record, every event valid', () => {
    expectReading(parse(), { valid: true, rows: 101, counts: { DisclosurePublished: 101 }, problems: [] });
  });

  it('reads a record as a document: who, which regulation, the XBRL link, the broadcast time', () => {
    // Line 31: "ASTEC","Astec LifeSciences Limited","7(2)","Arijit Mukherjee","Director",…,"ESOP",…,
    // "28-Jul-2020 23:02","https://archives.nseindia.com/corporate/xbrl/IT_1075440_298360_28072020110233_WEB.xml"
    const outcome = parse();
    expect(bySymbol(outcome, 'ASTEC')).toEqual([
      {
        disclosureId: expect.any(String),
        companyId: null,
        company: { name: 'Astec LifeSciences Limited', nseSymbol: 'ASTEC', bseCode: null, isin: null, cin: null },
        eventType: 'insider_trading',
        category: 'Insider Trading',
        subject: 'Insider trading disclosure (Reg 7(2)) by Arijit Mukherjee, Director',
        body:
          'Astec LifeSciences Limited disclosed under Regulation 7(2) of the SEBI (Prohibition of Insider Trading) Regulations, 2015 ' +
          'a transaction by Arijit Mukherjee (Director): transaction type Buy; security Equity Shares; mode ESOP; ' +
          'dated 25-Jul-2020 to 25-Jul-2020; intimated to the company on 28-Jul-2020. Quantities, values and holdings are in the XBRL disclosure.',
        documentType: 'insider_trading',
        attachmentUrl: 'https://archives.nseindia.com/corporate/xbrl/IT_1075440_298360_28072020110233_WEB.xml',
        publishedAt: '2020-07-28T17:32:00.000Z',
        parserVersion: 1,
      },
    ]);
    const event = outcome.events.find((e) => e.type === 'DisclosurePublished' && e.data.company.nseSymbol === 'ASTEC');
    expect(event?.metadata).toMatchObject({ knownAt: '2020-07-28T17:32:00.000Z', source: 'nse' });
  });

  it('never turns a record into a trade: no quantity, value or holding in any field', () => {
    const astec = bySymbol(parse(), 'ASTEC')[0];
    // The event's shape is the disclosure schema's, with nothing added.
    expect(Object.keys(astec ?? {}).sort()).toEqual(Object.keys(DisclosurePublishedSchema.shape).sort());
    // 8000 shares for Rs 3098800, holding 0.04 % after: none of it is carried.
    expect(JSON.stringify(astec)).not.toMatch(/3098800|\b8000\b|0\.04/);
  });

  it('keeps each record of one XBRL disclosure apart', () => {
    // Lines 33-36: four Yes Bank records in one XBRL file, IT_1075437_298326_28072020093641_WEB.xml
    const yes = bySymbol(parse(), 'YESBANK').filter((d) => d.attachmentUrl?.endsWith('IT_1075437_298326_28072020093641_WEB.xml'));
    expect(yes.map((d) => d.subject)).toEqual([
      'Insider trading disclosure (Reg 7(2)) by E.Prasanth Prabhakaran, Employees/Designated Employees',
      'Insider trading disclosure (Reg 7(2)) by SANDEEP PRABHANI, Employees/Designated Employees',
      'Insider trading disclosure (Reg 7(2)) by NATASHA SINGH, Immediate relative',
      'Insider trading disclosure (Reg 7(2)) by Vikas Dawra, Employees/Designated Employees',
    ]);
    expect(new Set(yes.map((d) => d.disclosureId)).size).toBe(4);
  });

  it('leaves out NSE placeholders: "-" category under Reg 7(3), "-" transaction and mode', () => {
    const outcome = parse();
    // Line 112 (original line 241): "WIPRO","Wipro Limited","7(3)","Abidali Neemuchwala","-","ADR/GDR/FCCB",…,"23-Jul-2020 19:49"
    expect(bySymbol(outcome, 'WIPRO').find((d) => d.subject.includes('7(3)'))).toMatchObject({
      subject: 'Insider trading disclosure (Reg 7(3)) by Abidali Neemuchwala',
      body: expect.stringContaining(
        'a transaction by Abidali Neemuchwala: transaction type Sell; security ADR/GDR/FCCB; mode Market Sale;',
      ),
      publishedAt: '2020-07-23T14:19:00.000Z',
    });
    // Line 118 (original 371): a derivative record whose security, transaction and mode cells are empty or "-".
    expect(bySymbol(outcome, 'DIVISLAB')[1]?.body).toBe(
      "Divi's Laboratories Limited disclosed under Regulation 7(2) of the SEBI (Prohibition of Insider Trading) Regulations, 2015 " +
        'a transaction by Praveen Lingamneni (Immediate relative). Quantities, values and holdings are in the XBRL disclosure.',
    );
  });

  it('resolves the company from the symbol when it is known', () => {
    const companyId = companyIdFromIsin('INE563J01010');
    expect(bySymbol(parse({ companies: givenCompanies({ nse: { ASTEC: companyId } }) }), 'ASTEC')[0]?.companyId).toBe(companyId);
  });

  it('derives the same ids from the same bytes, and a distinct id per record', () => {
    expect(idsOf(parse())).toEqual(idsOf(parse()));
    const ids = disclosures(parse()).map((d) => d.disclosureId);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('reports bad records by line, and a repeated record once', () => {
    const lines = fixtureText(FILE).split('\n');
    const astec = lines[30] ?? '';
    const damaged = [
      ...lines.slice(0, 31),
      astec.replace('"28-Jul-2020 23:02"', '"28-Jul-2020"'),
      astec.replace('"ASTEC"', '"astec ltd"'),
      astec.replace('"Arijit Mukherjee"', '"-"'),
      astec,
    ].join('\n');
    const outcome = spec.parse(damaged);
    expect(outcome.problems).toEqual([
      {
        where: 'line 32 (ASTEC)',
        message: 'BROADCASTE DATE AND TIME "28-Jul-2020" is not a date and time: expected e.g. 28-Jul-2020 23:02 (IST)',
      },
      { where: 'line 33 (astec ltd)', message: 'SYMBOL "astec ltd" is not an NSE symbol: expected e.g. RELIANCE' },
      { where: 'line 34 (ASTEC)', message: 'NAME OF THE ACQUIRER/DISPOSER is "-": expected the person\'s name' },
      { where: 'line 35 (ASTEC)', message: 'repeats line 31 (ASTEC) word for word: read once' },
    ]);
    expect(disclosures(outcome)).toHaveLength(1);
  });

  it('rejects a file without the expected columns, naming them', () => {
    const outcome = parser.parse(givenParseInput('"SYMBOL \n","COMPANY \n"\n"ASTEC","Astec"\n'));
    expect(outcome).toMatchObject({ ok: false, reason: expect.stringContaining('missing REGULATION, NAME OF THE ACQUIRER/DISPOSER') });
  });

  spec.itNeverThrowsOnDamagedBytes([FILE]);
});

describeWithSharedData('nse-insider-trading over the real corpus', () => {
  it('parses the whole real export: 4,882 records, 4,882 disclosures, 1,568 XBRL documents, no problem', () => {
    const outcome = spec.parseSharedData('insider/CF-Insider-Trading-equities-29-04-2020-to-29-07-2020.csv');
    expectEveryEventValid(outcome);
    const all = dataOf(outcome, 'DisclosurePublished');
    expect([outcome.rows, all.length, outcome.problems.length]).toEqual([4882, 4882, 0]);
    expect(new Set(all.map((d) => d.attachmentUrl)).size).toBe(1568);
    expect(all.filter((d) => d.subject.includes('(Reg 7(3))'))).toHaveLength(26);
    // The last line of the file: CRISIL, Rahul Prithiani, broadcast 29-Apr-2020 10:36.
    expect(all.at(-1)).toMatchObject({
      company: { nseSymbol: 'CRISIL' },
      subject: 'Insider trading disclosure (Reg 7(2)) by Rahul Prithiani, Employees/Designated Employees',
      publishedAt: '2020-04-29T05:06:00.000Z',
      attachmentUrl: 'https://archives.nseindia.com/corporate/xbrl/IT_1072154_245219_29042020103630_WEB.xml',
    });
  });
});
