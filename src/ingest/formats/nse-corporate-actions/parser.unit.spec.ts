import { describe, expect, it } from 'vitest';
import { givenCompanies } from '../../../../test/support/parse-input.ts';
import { dataOf } from '../../../../test/support/parser-spec-kit.ts';
import { expectFirstMetadata, expectReading, parserSpec, type InputOverrides } from '../../../../test/support/parser-specs.ts';
import { companyIdFromIsin } from '#ingest/shared/parser/company-lookup';
import { nseEquityMasterParser } from '#ingest/formats/nse-equity-master/parser';
import { parseNseActionDate } from '#ingest/shared/corporate-action-purpose/nse-action-date';
import { nseCorporateActionsParser as parser } from './parser.ts';

// CONSTRUCTED, not a real NSE file (no real sample was available): see
// fixtures/nse-corporate-actions/PROVENANCE.md. Its values are illustrative.
const CONSTRUCTED = 'nse-corporate-actions/CF-CA-equities-constructed.csv';

/** Symbols resolved through the real NSE master fixture, as the ingestion would after ingesting it. */
function companiesFromNseMaster() {
  const master = parserSpec(nseEquityMasterParser).parseFixture('nse-equity-master/EQUITY_L.csv');
  const nse = Object.fromEntries(dataOf(master, 'InstrumentListed').map((i) => [i.ticker, i.companyId]));
  return givenCompanies({ nse });
}

const spec = parserSpec(parser);
const parse = (overrides: InputOverrides = {}) => spec.parseFixture(CONSTRUCTED, { companies: companiesFromNseMaster(), ...overrides });
const actionsOf = (outcome: ReturnType<typeof parse>, symbol: string) =>
  dataOf(outcome, 'CorporateActionAnnounced').filter((a) => a.company.nseSymbol === symbol);

describe('nse-corporate-actions (constructed sample)', () => {
  it('is not claimed by the NSE master parser either', () => {
    expect(parserSpec(nseEquityMasterParser).detects('CF-CA-equities.csv', CONSTRUCTED)).toBe(false);
  });

  it('announces one action per action named, every one valid', () => {
    // 14 rows, the TCS row names two dividends.
    expectReading(parse(), { valid: true, rows: 14, counts: { CorporateActionAnnounced: 15 }, problems: [] });
  });

  it('reads each action type from the purpose', () => {
    const outcome = parse();
    // Line 2: RELIANCE, "Dividend - Rs 5.50 Per Share", ex 14-Aug-2025, record 14-Aug-2025
    expect(actionsOf(outcome, 'RELIANCE')[0]).toEqual({
      actionId: expect.any(String),
      companyId: companyIdFromIsin('INE002A01018'),
      company: { name: 'Reliance Industries Limited', nseSymbol: 'RELIANCE', bseCode: null, isin: null, cin: null },
      actionType: 'dividend',
      purpose: 'Dividend - Rs 5.50 Per Share',
      exDate: '2025-08-14',
      recordDate: '2025-08-14',
      amountPerShare: '5.5',
      ratio: null,
      faceValueFrom: null,
      faceValueTo: null,
      parserVersion: 2,
    });
    // Line 5: M&M "Bonus 1:1"; line 7: SBIN split Rs 10 → Re 1; line 8: GRASIM "Rights 6:179 @ Premium Rs 1810/-"
    expect(actionsOf(outcome, 'M&M')).toEqual([expect.objectContaining({ actionType: 'bonus_issue', ratio: { new: '1', existing: '1' } })]);
    expect(actionsOf(outcome, 'SBIN')).toEqual([
      expect.objectContaining({
        actionType: 'stock_split',
        faceValueFrom: '10',
        faceValueTo: '1',
        exDate: '2014-11-21',
        recordDate: '2014-11-22',
      }),
    ]);
    expect(actionsOf(outcome, 'GRASIM')[0]).toMatchObject({ actionType: 'rights_issue', ratio: { new: '6', existing: '179' } });
    // Line 6: BAJAJ-AUTO "Buyback"
    expect(actionsOf(outcome, 'BAJAJ-AUTO')).toEqual([expect.objectContaining({ actionType: 'buyback', amountPerShare: null })]);
  });

  it('splits a purpose naming two dividends into two actions with distinct ids', () => {
    // Line 3: TCS, "Interim Dividend - Rs 10 Per Share/Special Dividend - Rs 66 Per Share"
    const tcs = actionsOf(parse(), 'TCS');
    expect(tcs.map((a) => [a.actionType, a.amountPerShare])).toEqual([
      ['dividend', '10'],
      ['dividend', '66'],
    ]);
    expect(tcs.every((a) => a.purpose === 'Interim Dividend - Rs 10 Per Share/Special Dividend - Rs 66 Per Share')).toBe(true);
    expect(tcs[0]?.actionId).not.toBe(tcs[1]?.actionId);
  });

  it('keeps unparsed purposes raw with a null type', () => {
    const outcome = parse();
    for (const symbol of ['20MICRONS', 'TATAMOTORS', '21STCENMGM', 'EXAMPLEREIT']) {
      expect(actionsOf(outcome, symbol)).toEqual([expect.objectContaining({ actionType: null, amountPerShare: null, ratio: null })]);
    }
    // Line 14: GRASIM "Bonus Ncrps 1:116" is a preference-share bonus, never an equity bonus.
    expect(actionsOf(outcome, 'GRASIM')[1]).toMatchObject({ purpose: 'Bonus Ncrps 1:116', actionType: null, ratio: null });
  });

  it('reads two-digit years and "-" dates', () => {
    // Line 12: RELIANCE, ex "4-Jan-95", record "-"
    expect(actionsOf(parse(), 'RELIANCE')[1]).toMatchObject({ exDate: '1995-01-04', recordDate: null, amountPerShare: '2.5' });
    expect(parseNseActionDate('07-Aug-2026')).toBe('2026-08-07');
    expect(parseNseActionDate('4-Jan-49')).toBe('2049-01-04');
    expect(parseNseActionDate('4-Jan-50')).toBe('1950-01-04');
  });

  it('leaves the company null when the symbol is not known', () => {
    // Line 13: NEWLISTCO is not in the master list.
    expect(actionsOf(parse(), 'NEWLISTCO')).toEqual([expect.objectContaining({ companyId: null, amountPerShare: '0.25' })]);
  });

  it('knows an action from the start of its ex-date or record date in India, else from the connector or receipt when earlier', () => {
    // Line 2: RELIANCE, ex-date and record date 14-Aug-2025, before the file was received (2026).
    expectFirstMetadata(parse(), { knownAt: '2025-08-13T18:30:00.000Z', knownAtBasis: 'implied', source: 'nse' });
    expectFirstMetadata(parse({ knownAt: '2025-08-01T00:00:00.000Z' }), { knownAt: '2025-08-01T00:00:00.000Z', knownAtBasis: 'file' });
  });

  spec.itRejectsMissingColumns(
    'SYMBOL,COMPANY NAME,PURPOSE\nTCS,TCS,Bonus 1:1\n',
    'expected the columns SYMBOL, COMPANY NAME, SERIES, PURPOSE, EX-DATE, RECORD DATE',
  );

  spec.itReportsMalformedRow(CONSTRUCTED, ['"22-Dec-2017"', '"22-Dcm-2017"'], {
    problems: [{ where: 'line 5 (M&M)', message: 'EX-DATE "22-Dcm-2017" is not a date: expected e.g. 07-Aug-2026' }],
    counts: { CorporateActionAnnounced: 14 },
  });

  spec.itNeverThrowsOnDamagedBytes([CONSTRUCTED]);
});
