import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { givenCompanies, givenParseInput } from '../../../../test/support/parse-input.ts';
import { describeWithExchangeData, describeWithSharedData, EXCHANGE_DATA, SHARED_DATA } from '../../../../test/support/shared-data.ts';
import { headOf } from '#ingest/shared/parser/file-head';
import { ALL_PARSERS } from '#ingest/formats/all-parsers/all-parsers';
import { dataOf } from '../../../../test/support/parser-spec-kit.ts';
import { expectFirstMetadata, expectReading, parserSpec, type InputOverrides } from '../../../../test/support/parser-specs.ts';
import { companyIdFromIsin } from '#ingest/shared/parser/company-lookup';
import { bseCorporateActionsJsonParser as parser } from './parser.ts';

const spec = parserSpec(parser);
const EXPORT = 'bse-corporate-actions-json/corporate_actions_20260701_180450.json';
const parse = (overrides: InputOverrides = {}) => spec.parseFixture(EXPORT, overrides);
const actionsOf = (outcome: ReturnType<typeof parse>, code: string) =>
  dataOf(outcome, 'CorporateActionAnnounced').filter((a) => a.company.bseCode === code);

describe('bse-corporate-actions-json', () => {
  it('announces one action per record, every one valid', () => {
    expectReading(parse(), { valid: true, rows: 20, counts: { CorporateActionAnnounced: 20 }, problems: [] });
  });

  it('reads a dividend with its amount and dates', () => {
    // Record 1 (record 1 of the original): scrip_code 505036, "Ex_date": "15 Jul 2026",
    // "Purpose": "Final Dividend - Rs. - 22.5000", "RD_Date": "15 Jul 2026",
    // "long_name": "Automobile Corporation of Goa Ltd-$"
    expect(actionsOf(parse(), '505036')).toEqual([
      {
        actionId: expect.any(String),
        companyId: null,
        company: { name: 'Automobile Corporation of Goa Ltd', nseSymbol: null, bseCode: '505036', isin: null, cin: null },
        actionType: 'dividend',
        purpose: 'Final Dividend - Rs. - 22.5000',
        exDate: '2026-07-15',
        recordDate: '2026-07-15',
        amountPerShare: '22.5',
        ratio: null,
        faceValueFrom: null,
        faceValueTo: null,
        parserVersion: 2,
      },
    ]);
  });

  it('reads splits, buybacks and dividends without an amount', () => {
    const outcome = parse();
    // Record 10 (original record 37): 544764 MWL, "10 Jul 2026", "Stock  Split From Rs.10/- to Rs.1/-"
    expect(actionsOf(outcome, '544764')).toEqual([
      expect.objectContaining({ actionType: 'stock_split', exDate: '2026-07-10', faceValueFrom: '10', faceValueTo: '1' }),
    ]);
    // Record 17 (original record 93): 543325 ROLEXRINGS, "03 Jul 2026", "Buy Back of Shares " (trailing space kept), RD 03 Jul 2026
    expect(actionsOf(outcome, '543325')).toEqual([
      expect.objectContaining({ actionType: 'buyback', purpose: 'Buy Back of Shares ', recordDate: '2026-07-03', amountPerShare: null }),
    ]);
    // Record 4 (original record 6): 532540 TCS, "Interim Dividend" with no amount: the amount is unknown, not 0.
    expect(actionsOf(outcome, '532540')).toEqual([expect.objectContaining({ actionType: 'dividend', amountPerShare: null })]);
  });

  it('keeps two actions of one company on one ex-date apart', () => {
    // Records 8-9 (original records 28-29): 533146 DLINKINDIA, 10 Jul 2026: "Special Dividend - Rs. - 7.5000" and "Final Dividend - Rs. - 20.0000"
    const dlink = actionsOf(parse(), '533146');
    expect(dlink.map((a) => a.amountPerShare)).toEqual(['7.5', '20']);
    expect(dlink[0]?.actionId).not.toBe(dlink[1]?.actionId);
  });

  it("takes knownAt from the connector, else the export's fetch time, else the time received, for actions still to come", () => {
    // metadata.last_updated: "2026-07-01T15:48:06.951711+00:00Z" (offset and Z both); the
    // shared reader of exchange times keeps whole seconds. Record 1's ex-date is 15 Jul 2026, later.
    expectFirstMetadata(parse(), { knownAt: '2026-07-01T15:48:06.000Z', knownAtBasis: 'file', source: 'bse' });
    expectFirstMetadata(parse({ knownAt: '2026-07-01T10:00:00.000Z' }), { knownAt: '2026-07-01T10:00:00.000Z', knownAtBasis: 'file' });
    const bare = JSON.stringify([
      { scrip_code: 500325, Ex_date: '14 Aug 2026', Purpose: 'Dividend - Rs. - 5.5000', RD_Date: '14 Aug 2026' },
    ]);
    expectFirstMetadata(spec.parse(bare), { knownAt: '2026-01-01T00:00:00.000Z', knownAtBasis: 'received' });
  });

  it('knows an action whose ex-date came before the file from the start of that day in India', () => {
    const past = JSON.stringify([
      { scrip_code: 500325, Ex_date: '14 Aug 2025', Purpose: 'Dividend - Rs. - 5.5000', RD_Date: '14 Aug 2025' },
    ]);
    expectFirstMetadata(spec.parse(past), { knownAt: '2025-08-13T18:30:00.000Z', knownAtBasis: 'implied' });
  });

  it('resolves the company from the scrip code when it is known', () => {
    const companyId = companyIdFromIsin('INE467B01029');
    const outcome = parse({ companies: givenCompanies({ bse: { '532540': companyId } }) });
    expect(actionsOf(outcome, '532540')[0]?.companyId).toBe(companyId);
  });

  it('rejects a document that is not a list of BSE actions, saying what it expected', () => {
    spec.expectRejected('{"rows": []}', expect.stringContaining('scrip_code, Purpose, Ex_date, RD_Date'));
    expect(parser.parse(givenParseInput('{"data": [')).ok).toBe(false);
  });

  it('reports a record with a bad date by its position and reads the others', () => {
    expectReading(spec.parseEdited(EXPORT, ['"Ex_date": "15 Jul 2026"', '"Ex_date": "32 Jul 2026"']), {
      problems: [{ where: 'record 1 (505036)', message: 'Ex_date "32 Jul 2026" is not a date: expected e.g. 06 Jul 2026' }],
      counts: { CorporateActionAnnounced: 19 },
    });
  });

  spec.itNeverThrowsOnDamagedBytes([EXPORT]);
});

describeWithSharedData('bse-corporate-actions-json on the whole real file', () => {
  it('knows the actions gone ex before the fetch from their ex-date, the others from the fetch time', () => {
    const name = 'corporate_actions_20260701_180450.json';
    const outcome = parser.parse(givenParseInput(readFileSync(path.join(SHARED_DATA, 'corporate_actions', name)), { fileName: name }));
    if (!outcome.ok) throw new Error(outcome.reason);
    const known = (code: string) =>
      outcome.events.filter((e) => e.type === 'CorporateActionAnnounced' && e.data.company.bseCode === code).map((e) => e.metadata);
    // Fetched 2026-07-01T15:48:06Z (21:18 IST). DSFCL 544703 went ex on 1 Jul 2026: public by that day's start in India.
    expect(known('544703')).toEqual([
      expect.objectContaining({ knownAt: '2026-06-30T18:30:00.000Z', knownAtBasis: 'implied', sourceFile: name }),
    ]);
    // CHEMBOND 530871 goes ex on 2 Jul, whose start in India (1 Jul 18:30 UTC) is after the fetch: the file proves only the fetch.
    expect(known('530871')).toEqual([
      expect.objectContaining({ knownAt: '2026-07-01T15:48:06.000Z', knownAtBasis: 'file', sourceUrl: null }),
    ]);
    const bases = outcome.events.map((e) => e.metadata.knownAtBasis);
    expect([bases.filter((b) => b === 'implied').length, bases.filter((b) => b === 'file').length]).toEqual([2, 108]);
  });
});

describeWithExchangeData("bse-corporate-actions-json on BSE's per-scrip answers (DefaultData)", () => {
  const answer = (name: string) => readFileSync(path.join(EXCHANGE_DATA, 'api', 'bse', 'DefaultData', name));
  const parseAnswer = (name: string) => {
    const outcome = parser.parse(givenParseInput(answer(name), { fileName: name }));
    if (!outcome.ok) throw new Error(outcome.reason);
    return outcome;
  };
  const FILES = ['defaultdata_500325.json', 'defaultdata_500002_EMPTY_PURPOSE.json', 'defaultdata_540386.json'];

  it('is claimed by this format alone, and reads every record into an action or a problem naming it', () => {
    for (const name of FILES) {
      expect(ALL_PARSERS.filter((p) => p.detect(name, headOf(answer(name)))).map((p) => p.format)).toEqual(['bse-corporate-actions-json']);
      const outcome = parseAnswer(name);
      const records = (JSON.parse(answer(name).toString('utf8')) as unknown[]).length;
      expectReading(outcome, { valid: true, rows: records });
      // One action per purpose in these answers: each record gives one event, or one problem.
      expect(outcome.events.length + outcome.problems.length, name).toBe(records);
    }
    expect(FILES.map((name) => parseAnswer(name).events.length)).toEqual([26, 26, 2]);
  });

  it("reports ABB's record with an empty Purpose, and reads the other 26", () => {
    // Record 3: {"scrip_code":500002,…,"Ex_date":"28 Jun 2007","Purpose":"",…}
    expect(parseAnswer('defaultdata_500002_EMPTY_PURPOSE.json').problems).toEqual([
      { where: 'record 3 (500002)', message: 'Purpose is empty: expected the action, e.g. "Final Dividend - Rs. - 2.0000"' },
    ]);
  });

  it("reads Reliance's bonuses, rights and spin-off, and Ontic's split and consolidation", () => {
    const actions = (name: string) =>
      dataOf(parseAnswer(name), 'CorporateActionAnnounced')
        .filter((a) => a.actionType !== 'dividend')
        .map((a) => [a.exDate, a.actionType, a.purpose, a.ratio ?? a.faceValueTo]);
    expect(actions('defaultdata_500325.json')).toEqual([
      ['2006-01-18', null, 'Scheme of Arrangement ', null],
      ['2009-11-26', 'bonus_issue', 'Bonus issue 1:1', { new: '1', existing: '1' }],
      ['2017-09-07', 'bonus_issue', 'Bonus issue 1:1', { new: '1', existing: '1' }],
      ['2020-05-13', 'rights_issue', 'Right Issue of Equity Shares ', null],
      // Jio Financial's demerger: no type of the vocabulary (docs/corporate-actions.md), kept with its purpose.
      ['2023-07-20', null, 'Spin Off ', null],
      ['2024-10-28', 'bonus_issue', 'Bonus issue 1:1', { new: '1', existing: '1' }],
    ]);
    expect(actions('defaultdata_540386.json')).toEqual([
      ['2017-04-13', null, 'Consolidation of Shares ', null],
      ['2022-07-21', 'stock_split', 'Stock  Split From Rs.10/- to Rs.1/-', '1'],
    ]);
  });
});
