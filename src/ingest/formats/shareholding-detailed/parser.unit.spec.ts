import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixture, givenCompanies, givenParseInput } from '../../../../test/support/parse-input.ts';
import { dataOf, expectEveryEventValid } from '../../../../test/support/parser-spec-kit.ts';
import { expectReading, fixtureText, parserSpec, type InputOverrides } from '../../../../test/support/parser-specs.ts';
import { describeWithSharedData, SHARED_DATA } from '../../../../test/support/shared-data.ts';
import { companyIdFromIsin } from '#ingest/shared/parser/company-lookup';
import { filedDecimal } from '#platform/decimals/filed-decimal';
import { shareholdingDetailedParser as parser } from './parser.ts';

const EXTRACT = 'shareholding-detailed/all_shp_data_raw-HCLTECH-HDFCBANK.json';

const spec = parserSpec(parser);
const parse = (input: Uint8Array | string = fixture(EXTRACT), overrides: InputOverrides = {}) =>
  spec.parse(input, { fileName: 'all_shp_data_raw.json', ...overrides });
const reported = (outcome: ReturnType<typeof parse>) => dataOf(outcome, 'ShareholdingReported');
const filing = (outcome: ReturnType<typeof parse>, symbol: string, periodEnd: string) =>
  reported(outcome).find((r) => r.company.nseSymbol === symbol && r.periodEnd === periodEnd);

/** The extract as plain data, to change one figure in a test. */
interface Node {
  member: string | null;
  explicit_percentage: number;
  explicit_shares: number;
  entities: { name: string; shares: number; percentage: number }[];
  children?: Node[];
}
interface Extract {
  companies: string[];
  data: Record<string, Record<string, { general_info: Record<string, string | null>; categories: Node[] }>>;
}
const extract = () => JSON.parse(fixtureText(EXTRACT)) as Extract;
const nodes = (list: Node[]): Node[] => list.flatMap((n) => [n, ...nodes(n.children ?? [])]);
const nodeOf = (file: Extract, symbol: string, key: string, member: string) => {
  const found = nodes(file.data[symbol]?.[key]?.categories ?? []).find((n) => n.member === member);
  if (!found) throw new Error(`no ${member} in ${symbol} ${key}`);
  return found;
};

describe('shareholding-detailed', () => {
  it('reports one pattern per company and filing, every one valid', () => {
    const outcome = parse();
    expectReading(outcome, { valid: true, rows: 5 });
    expect(reported(outcome).map((r) => `${r.company.nseSymbol} ${r.periodEnd}`)).toEqual([
      'HCLTECH 2025-06-30',
      'HCLTECH 2025-09-30',
      'HDFCBANK 2025-06-30',
      'HDFCBANK 2025-08-28',
      'HDFCBANK 2025-09-30',
    ]);
    expect(outcome.problems).toEqual([]);
  });

  it("reads HCLTECH's Jun-2025 filing from the filed values, not the author's roll-ups", () => {
    // Fixture line 20: promoter "explicit_percentage": 60.81 (the author's roll-up says 60.82000000000001).
    const hcl = filing(parse(), 'HCLTECH', '2025-06-30');
    expect(hcl).toMatchObject({
      companyId: null,
      company: { name: 'HCL Technologies Limited', nseSymbol: 'HCLTECH', bseCode: '532281', isin: null, cin: null },
      periodEnd: '2025-06-30',
      promoterPct: '60.81',
      fiiPct: '18.56',
      diiPct: '16.21',
      mutualFundPct: '8.44',
      publicPct: '4.25',
      pledgedPct: null,
      parserVersion: 1,
    });
    expect(hcl?.holders).toHaveLength(59);
    // Fixture lines 447-449.
    expect(hcl?.holders).toContainEqual({
      category: 'Promoter and Promoter Group / Foreign / Any Other (specify)',
      name: 'HCL Holdings Private Ltd.',
      shares: '446662032',
      percentage: '16.46',
    });
    expect(hcl?.holders).toContainEqual({
      category: 'Promoter and Promoter Group / Indian / Any Other (specify)',
      name: 'Vama Sundari Investments (Delhi) Pvt. Ltd.',
      shares: '1198549941',
      percentage: '44.17',
    });
    expect(hcl?.holders).toContainEqual({
      category: 'Public / Institutions (Domestic) / Mutual Funds/ UTI',
      name: 'SBI Mutual Fund',
      shares: '44484399',
      percentage: '1.64',
    });
  });

  it("recovers the filed decimal from the extract's float noise", () => {
    // Fixture line 907: the Sep-2025 promoter figure is written 60.809999999999995.
    expect(filing(parse(), 'HCLTECH', '2025-09-30')).toMatchObject({ promoterPct: '60.81', fiiPct: '16.64', mutualFundPct: '9.2' });
    expect(filedDecimal(60.809999999999995)).toBe('60.81');
    expect(filedDecimal(0.06999999999999999)).toBe('0.07');
    expect(filedDecimal(1650301111.0)).toBe('1650301111');
    expect(filedDecimal(44.167)).toBe('44.167');
    expect(filedDecimal(Number.NaN)).toBeNull();
  });

  it('reads a 0 as nil only where its partner figure agrees', () => {
    const hcl = filing(parse(), 'HCLTECH', '2025-06-30');
    // 736 shares of about 2.7 billion: a filed 0.00.
    expect(hcl?.holders).toContainEqual(expect.objectContaining({ name: 'Mr. Shiv Nadar', shares: '736', percentage: '0' }));
    // A promoter-group member holding nothing.
    expect(hcl?.holders).toContainEqual(expect.objectContaining({ name: 'HCL Avitas Private Limited', shares: '0', percentage: '0' }));
    // HDFC Bank has no promoter group since its merger: the category holds nothing.
    expect(filing(parse(), 'HDFCBANK', '2025-06-30')).toMatchObject({
      promoterPct: '0',
      fiiPct: '48.84',
      diiPct: '35.96',
      mutualFundPct: '25.61',
      publicPct: '15.2',
    });

    const file = extract();
    nodeOf(file, 'HCLTECH', '201100', 'MutualFundsOrUTIMember').explicit_percentage = 0;
    const holders = nodeOf(file, 'HCLTECH', '201100', 'OtherForeignShareholdersMember').entities;
    if (holders[0]) holders[0].shares = 0;
    const changed = filing(parse(JSON.stringify(file)), 'HCLTECH', '2025-06-30');
    // 0 % beside 228,940,799 shares was not filed; 0 shares beside 16.46 % were not filed.
    expect(changed?.mutualFundPct).toBeNull();
    expect(changed?.holders).toContainEqual(
      expect.objectContaining({ name: 'HCL Holdings Private Ltd.', shares: null, percentage: '16.46' }),
    );
  });

  it('resolves the company from the symbol or the scrip code, else leaves it null', () => {
    const companyId = companyIdFromIsin('INE860A01027');
    const bySymbol = parse(fixture(EXTRACT), { companies: givenCompanies({ nse: { HCLTECH: companyId } }) });
    expect(filing(bySymbol, 'HCLTECH', '2025-06-30')?.companyId).toBe(companyId);
    expect(filing(bySymbol, 'HDFCBANK', '2025-06-30')?.companyId).toBeNull();
    const byCode = parse(fixture(EXTRACT), { companies: givenCompanies({ bse: { '532281': companyId } }) });
    expect(filing(byCode, 'HCLTECH', '2025-09-30')?.companyId).toBe(companyId);
  });

  it('takes knownAt from the connector, else the LODR deadline: 21 days for a quarter, 10 for an event', () => {
    const outcome = parse();
    const knownAt = (symbol: string, periodEnd: string) =>
      outcome.events.find((e) => {
        const d = e.data as { company: { nseSymbol: string }; periodEnd: string };
        return d.company.nseSymbol === symbol && d.periodEnd === periodEnd;
      })?.metadata.knownAt;
    expect(knownAt('HCLTECH', '2025-06-30')).toBe('2025-07-21T18:30:00.000Z');
    expect(knownAt('HDFCBANK', '2025-08-28')).toBe('2025-09-07T18:30:00.000Z');
    expect(outcome.events[0]?.metadata.source).toBe('third-party');
    const stated = parse(fixture(EXTRACT), { knownAt: '2026-06-13T00:00:00.000Z' });
    expect(stated.events.every((e) => e.metadata.knownAt === '2026-06-13T00:00:00.000Z')).toBe(true);
  });

  it('names one filing per company and period; a repeated period keeps the later filing', () => {
    const ids = reported(parse()).map((r) => r.filingId);
    expect(new Set(ids).size).toBe(5);
    const file = extract();
    const hcl = file.data.HCLTECH;
    if (hcl?.['203514']) hcl['999999'] = { ...hcl['203514'] };
    const outcome = parse(JSON.stringify(file));
    expect(outcome.problems).toEqual([
      {
        where: 'HCLTECH filing 203514',
        message: 'same company and period (HCLTECH:2025-09-30) as HCLTECH filing 999999, the later filing, which is read instead',
      },
    ]);
    expect(reported(outcome)).toHaveLength(5);
  });

  it('reports a filing it cannot read and reads the others', () => {
    const file = extract();
    const info = file.data.HDFCBANK?.['201570']?.general_info;
    if (info) info.DateOfReport = '28-13-2025';
    const outcome = parse(JSON.stringify(file));
    expect(outcome.problems).toEqual([
      { where: 'HDFCBANK filing 201570', message: 'DateOfReport "28-13-2025" is not a date: expected e.g. 2025-06-30' },
    ]);
    expect(reported(outcome)).toHaveLength(4);
    expectEveryEventValid(outcome);
  });

  it('rejects another JSON file and a file that is not JSON, saying why', () => {
    const other = parser.parse(givenParseInput(fixture('bse-corporate-actions-json/corporate_actions_20260701_180450.json')));
    expect(other).toMatchObject({ ok: false, reason: expect.stringContaining('not a shareholding-detailed file: expected {"companies"') });
    expect(parser.parse(givenParseInput('{"companies": ["HCLTECH"], "data": {"HCLTECH": {'))).toMatchObject({
      ok: false,
      reason: expect.stringContaining('not readable JSON'),
    });
    expect(parser.parse(givenParseInput('{"companies": [], "data": {}}'))).toMatchObject({
      ok: false,
      reason: expect.stringContaining('the file lists no filings'),
    });
  });

  spec.itNeverThrowsOnDamagedBytes([EXTRACT]);
});

describeWithSharedData('shareholding-detailed over the real extract', () => {
  it('reads all 64 filings of the 30 companies', () => {
    const bytes = readFileSync(path.join(SHARED_DATA, 'shareholding/all_shp_data_raw.json'));
    const outcome = parse(bytes);
    expectReading(outcome, { valid: true, rows: 64, counts: { ShareholdingReported: 64 }, problems: [] });
    expect(new Set(reported(outcome).map((r) => r.company.nseSymbol)).size).toBe(30);
    // LT, ITC and ICICI Bank have no promoter group; M&M's symbol keeps its ampersand.
    expect(filing(outcome, 'LT', '2025-06-30')).toMatchObject({ promoterPct: '0', fiiPct: '19.33', publicPct: '36.95' });
    expect(filing(outcome, 'M&M', '2025-09-30')).toMatchObject({ promoterPct: '18.44', company: { bseCode: '500520' } });
  });
});
