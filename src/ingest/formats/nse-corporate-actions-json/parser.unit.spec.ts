import { describe, expect, it } from 'vitest';
import { fixture, givenCompanies, givenParseInput } from '../../../../test/support/parse-input.ts';
import { dataOf, expectEveryEventValid, expectNoThrowOnDamagedBytes, expectParsed } from '../../../../test/support/parser-spec-kit.ts';
import { companyIdFromIsin } from '#ingest/shared/parser/company-lookup';
import { nseCorporateActionsParser } from '#ingest/formats/nse-corporate-actions/parser';
import { nseCorporateActionsJsonParser as parser } from './parser.ts';

// Real API records in a constructed response (fixtures/nse-corporate-actions-json/PROVENANCE.md).
const API = fixture('nse-corporate-actions-json/corporates-corporateActions-constructed-from-real-rows.json');
// The same nine records in the CSV export's layout.
const CSV = fixture('nse-corporate-actions/CF-CA-equities-same-rows-as-api-constructed.csv');
const RECEIVED = '2026-08-20T00:00:00.000Z';
const parse = (bytes: Uint8Array | string, overrides: Parameters<typeof givenParseInput>[1] = {}) =>
  expectParsed(parser.parse(givenParseInput(bytes, { receivedAt: RECEIVED, ...overrides })));

describe('nse-corporate-actions-json', () => {
  it('announces one action per action in each subject, every one valid', () => {
    const outcome = parse(API);
    expectEveryEventValid(outcome);
    expect(outcome.rows).toBe(9);
    expect(outcome.problems).toEqual([]);
    // MUKANDLTD's "Dividend - Rs 2 Per Share & Special Dividend Re 1 Per Share" is two actions.
    expect(outcome.events).toHaveLength(10);
  });

  it('reads a dividend with its amount, dates, ISIN and company, known from the start of its ex-date in India', () => {
    const outcome = parse(API);
    // {"symbol":"MARUTI","series":"EQ","ind":"-","faceVal":"5","subject":"Dividend - Rs 140 Per Share","exDate":"07-Aug-2026","recDate":"07-Aug-2026",...,"comp":"Maruti Suzuki India Limited","isin":"INE585B01010","caBroadcastDate":null}
    expect(dataOf(outcome, 'CorporateActionAnnounced').filter((a) => a.company.nseSymbol === 'MARUTI')).toEqual([
      {
        actionId: expect.any(String),
        companyId: companyIdFromIsin('INE585B01010'),
        company: { name: 'Maruti Suzuki India Limited', nseSymbol: 'MARUTI', bseCode: null, isin: 'INE585B01010', cin: null },
        actionType: 'dividend',
        purpose: 'Dividend - Rs 140 Per Share',
        exDate: '2026-08-07',
        recordDate: '2026-08-07',
        amountPerShare: '140',
        ratio: null,
        faceValueFrom: null,
        faceValueTo: null,
        parserVersion: 1,
      },
    ]);
    const maruti = outcome.events.find((e) => e.type === 'CorporateActionAnnounced' && e.data.company.nseSymbol === 'MARUTI');
    expect(maruti?.metadata).toMatchObject({ knownAt: '2026-08-06T18:30:00.000Z', knownAtBasis: 'implied', source: 'nse' });
  });

  it('reads splits, dividends (special and interim among them), buybacks; leaves an InvIT distribution per unit unparsed', () => {
    const actions = dataOf(parse(API), 'CorporateActionAnnounced');
    const of = (symbol: string) => actions.filter((a) => a.company.nseSymbol === symbol);
    expect(of('KIRLPNU')).toEqual([
      expect.objectContaining({ actionType: 'stock_split', faceValueFrom: '2', faceValueTo: '1', exDate: '2026-08-18' }),
    ]);
    expect(of('MUKANDLTD').map((a) => [a.actionType, a.amountPerShare])).toEqual([
      ['dividend', '2'],
      ['dividend', '1'],
    ]);
    expect(of('IDFCFIRSTB')[0]).toMatchObject({ actionType: 'dividend', amountPerShare: '0.25' });
    expect(of('JAYBARMARU')[0]).toMatchObject({ actionType: 'dividend', amountPerShare: '0.7', purpose: 'Dividend - Re 0.70  Per Share' });
    expect(of('ABB')[0]).toMatchObject({ actionType: 'dividend', amountPerShare: '90' }); // every kind of dividend is a dividend
    expect(of('SUNTV')[0]).toMatchObject({ actionType: 'dividend', amountPerShare: '5', purpose: 'Interim Dividend - Rs 5 Per Share' });
    expect(of('IITL')[0]).toMatchObject({ actionType: 'buyback' });
    expect(of('CITIUSINVT')[0]).toMatchObject({ actionType: null, amountPerShare: null });
  });

  it('gives the events the CSV export gives for the same rows, with the ISIN the API adds', () => {
    const isins = Object.fromEntries(
      (JSON.parse(new TextDecoder().decode(API)) as Array<{ symbol: string; isin: string }>).map((r) => [
        r.symbol,
        companyIdFromIsin(r.isin),
      ]),
    );
    const companies = givenCompanies({ nse: isins });
    const fromApi = parse(API, { companies });
    const fromCsv = expectParsed(nseCorporateActionsParser.parse(givenParseInput(CSV, { receivedAt: RECEIVED, companies })));
    const comparable = (outcome: typeof fromApi) =>
      outcome.events.map((e) => {
        if (e.type !== 'CorporateActionAnnounced') throw new Error(e.type);
        // Ids and parser versions are each document's own.
        const data = { ...e.data, actionId: null, parserVersion: null, company: { ...e.data.company, isin: null } };
        return { data, knownAt: e.metadata.knownAt, basis: e.metadata.knownAtBasis };
      });
    expect(comparable(fromApi)).toEqual(comparable(fromCsv));
    expect(fromApi.events).toHaveLength(10);
  });

  it('reports a bad record and reads the rest; rejects what is not this response; never throws', () => {
    const records = [
      {
        symbol: 'MARUTI',
        subject: 'Dividend - Rs 140 Per Share',
        exDate: '07-Aug-2026',
        recDate: '-',
        comp: 'Maruti Suzuki India Limited',
        isin: 'INE585B01010',
      },
      { symbol: 'X', subject: 'Bonus 1:1', exDate: '31-Feb-2026', recDate: '-' },
      { symbol: 'Y', subject: '', exDate: '07-Aug-2026' },
    ];
    const outcome = parse(JSON.stringify({ data: records }));
    expect(outcome.events).toHaveLength(1);
    expect(outcome.problems).toEqual([
      { where: 'record 2 (X)', message: 'exDate "31-Feb-2026" is not a date: expected e.g. 07-Aug-2026' },
      { where: 'record 3 (Y)', message: 'subject is empty: expected the action, e.g. "Dividend - Rs 140 Per Share"' },
    ]);
    expect(parser.parse(givenParseInput('{"symbol":"X"}'))).toMatchObject({ ok: false });
    expectNoThrowOnDamagedBytes(parser, API, (bytes) => givenParseInput(bytes));
  });
});
