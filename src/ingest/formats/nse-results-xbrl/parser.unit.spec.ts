import { describe, expect, it } from 'vitest';
import type { FinancialsReported, ReportedFact } from '#schemas/events/financials';
import { fixture, givenCompanies, givenParseInput } from '../../../../test/support/parse-input.ts';
import { expectEveryEventValid, expectNoThrowOnDamagedBytes, expectParsed } from '../../../../test/support/parser-spec-kit.ts';
import { companyIdFromIsin, createCompanyLookup } from '#ingest/shared/parser/company-lookup';
import { createResultsListingContext } from '#ingest/pipeline/results-listing-context';
import type { ParseInput } from '#ingest/shared/parser/parser';
import { headOf } from '#ingest/shared/parser/file-head';
import { nseResultsXbrlParser } from './parser.ts';

/** The input the ingestion gives an XBRL file delivered with its company's NSE listing. */
async function withListing(file: string, listing: string, overrides: Partial<ParseInput> = {}): Promise<ParseInput> {
  const bytes = fixture(`nse-results-xbrl/${file}`);
  const run = [
    { fileName: file, format: 'nse-results-xbrl', read: async () => bytes },
    { fileName: listing, format: 'nse-results-listing', read: async () => fixture(`nse-results-listing/${listing}`) },
  ];
  const context = (await createResultsListingContext(async () => []).prepare(run))(run[0] as (typeof run)[0]);
  return givenParseInput(bytes, {
    fileName: file,
    knownAt: context?.knownAt ?? null,
    sourceUrl: context?.sourceUrl ?? null,
    attributes: context?.attributes ?? {},
    ...overrides,
  });
}

async function filing(file: string, listing: string): Promise<{ data: FinancialsReported; knownAt: string }> {
  const outcome = expectParsed(nseResultsXbrlParser.parse(await withListing(file, listing)));
  expectEveryEventValid(outcome);
  expect(outcome.events).toHaveLength(1);
  const [event] = outcome.events;
  if (event?.type !== 'FinancialsReported') throw new Error('expected FinancialsReported');
  return { data: event.data, knownAt: event.metadata.knownAt };
}

const factOf = (data: FinancialsReported, concept: string, type: string, end?: string): ReportedFact | undefined =>
  data.facts.find((f) => f.concept === concept && f.period.type === type && (end === undefined || f.period.end === end));

const ACC_ORIGINAL = 'INDAS_117817_1362652_28012025115046.xml';
const ACC_REVISED = 'INDAS_118350_1367750_31012025064516.xml';

describe('NSE results XBRL: Ind-AS 2020 (ACC, Q3 FY25 consolidated)', () => {
  it('reads the filing: company, fiscal year, knowledge time from the listing', async () => {
    const { data, knownAt } = await filing(ACC_ORIGINAL, 'acc.json');
    expect(knownAt).toBe('2025-01-28T06:20:59.000Z');
    expect(data).toMatchObject({
      companyId: companyIdFromIsin('INE012A01025'),
      company: { name: 'ACC Limited', nseSymbol: 'ACC', bseCode: '500410', isin: 'INE012A01025', cin: null },
      documentType: 'financial_results',
      periodEnd: '2024-12-31',
      fiscalYearStart: '2024-04-01',
      fiscalYearEnd: '2025-03-31',
      isRevision: false,
    });
  });

  it('reads revenue for the quarter and for the nine months from their own reporting dates, not FourD’s context', async () => {
    const { data } = await filing(ACC_ORIGINAL, 'acc.json');
    expect(factOf(data, 'Revenue', 'quarterly')).toEqual({
      concept: 'Revenue',
      basis: 'consolidated',
      period: { type: 'quarterly', start: '2024-10-01', end: '2024-12-31', fiscalYear: 2025, fiscalQuarter: 3 },
      value: '52072900000', // 5,207.29 crore
      unit: 'INR',
      decimals: -7,
      scale: 'crore',
      element: 'in-bse-fin:RevenueFromOperations',
    });
    expect(factOf(data, 'Revenue', 'nine_months')?.period).toEqual({
      type: 'nine_months',
      start: '2024-04-01',
      end: '2024-12-31',
      fiscalYear: 2025,
      fiscalQuarter: 3,
    });
    expect(factOf(data, 'Revenue', 'nine_months')?.value).toBe('147974300000');
  });

  it('reads EPS per share, exact, with no scale', async () => {
    const { data } = await filing(ACC_ORIGINAL, 'acc.json');
    expect(factOf(data, 'BasicEarningsPerShare', 'quarterly')).toMatchObject({
      value: '58.14',
      unit: 'INR/share',
      decimals: null,
      scale: null,
    });
    expect(factOf(data, 'DilutedEarningsPerShare', 'nine_months')?.value).toBe('87.69');
    expect(factOf(data, 'ExceptionalItems', 'nine_months')?.value).toBe('-350000000');
  });

  it('takes paid-up capital, filed on the quarter, as the equity share capital at its end', async () => {
    const { data } = await filing(ACC_ORIGINAL, 'acc.json');
    expect(factOf(data, 'EquityShareCapital', 'instant')).toMatchObject({
      value: '1879900000',
      period: { type: 'instant', start: null, end: '2024-12-31', fiscalYear: 2025, fiscalQuarter: 3 },
      element: 'in-bse-fin:PaidUpValueOfEquityShareCapital',
    });
    // A Q3 filing has no balance sheet.
    expect(factOf(data, 'TotalAssets', 'instant')).toBeUndefined();
  });

  it('reads the revised filing as a revision with its own revenue and the same profit', async () => {
    const original = await filing(ACC_ORIGINAL, 'acc.json');
    const revised = await filing(ACC_REVISED, 'acc.json');
    expect(revised.knownAt).toBe('2025-01-31T13:15:56.000Z');
    expect(revised.data.isRevision).toBe(true);
    expect(factOf(revised.data, 'Revenue', 'quarterly')?.value).toBe('59273800000'); // 5,927.38 crore
    expect(factOf(revised.data, 'ProfitAfterTax', 'quarterly')?.value).toBe(factOf(original.data, 'ProfitAfterTax', 'quarterly')?.value);
    expect(factOf(original.data, 'ProfitAfterTax', 'quarterly')?.value).toBe('10917900000');
    expect(revised.data.filingId).not.toBe(original.data.filingId);
  });
});

describe('NSE results XBRL: annual filings with balance sheet and cash flow', () => {
  it('TCS FY24 (Ind-AS 2020): the year, the balance sheet at its end, the cash flow', async () => {
    const { data } = await filing('INDAS_104549_1090527_12042024090154.xml', 'tcs.json');
    expect(factOf(data, 'Revenue', 'annual')).toMatchObject({
      value: '2408930000000',
      period: { type: 'annual', start: '2023-04-01', end: '2024-03-31', fiscalYear: 2024, fiscalQuarter: null },
    });
    expect(factOf(data, 'Revenue', 'quarterly')?.period).toMatchObject({ start: '2024-01-01', fiscalQuarter: 4 });
    expect(factOf(data, 'BasicEarningsPerShare', 'annual')?.value).toBe('125.88');
    expect(factOf(data, 'TotalAssets', 'instant')).toMatchObject({
      value: '1464490000000',
      period: { end: '2024-03-31', fiscalYear: 2024, fiscalQuarter: 4 },
    });
    expect(factOf(data, 'TotalEquity', 'instant')?.value).toBe('913190000000');
    expect(factOf(data, 'TradeReceivables', 'instant')).toMatchObject({
      value: '537200000000',
      element: 'in-bse-fin:TradeReceivablesCurrent + in-bse-fin:TradeReceivablesNoncurrent',
    });
    expect(factOf(data, 'Borrowings', 'instant')?.value).toBe('0');
    expect(factOf(data, 'NetCashFromOperatingActivities', 'annual')?.value).toBe('443380000000');
    expect(factOf(data, 'NetCashFromFinancingActivities', 'annual')?.value).toBe('-485360000000');
  });

  it('HDFC Bank FY24 (banking 2019): interest earned is revenue; equity and liabilities are sums of the schedule', async () => {
    const { data } = await filing('BANKING_104624_1105245_21042024035835.xml', 'hdfcbank.json');
    expect(data.company).toMatchObject({ nseSymbol: 'HDFCBANK', bseCode: '500180', isin: 'INE040A01018' });
    expect(factOf(data, 'Revenue', 'annual')).toMatchObject({ value: '2836490200000', element: 'in-bse-fin:InterestEarned' });
    expect(factOf(data, 'FinanceCosts', 'annual')?.element).toBe('in-bse-fin:InterestExpended');
    expect(factOf(data, 'ProfitAfterTax', 'annual')?.value).toBe('640620400000');
    expect(factOf(data, 'BasicEarningsPerShare', 'annual')?.value).toBe('90.42');
    expect(factOf(data, 'TotalEquity', 'instant')?.value).toBe('4537425300000'); // 7,596.9 + 4,52,982.84 crore
    // Total assets is filed without a unit: taken as rupees, precision unknown.
    expect(factOf(data, 'TotalAssets', 'instant')).toMatchObject({ value: '40301942600000', unit: 'INR', decimals: null, scale: 'crore' });
    expect(factOf(data, 'TotalLiabilities', 'instant')?.value).toBe('35764517300000');
  });

  it('HDFC Bank FY19 (banking 2018, contexts undeclared, no start dates): the quarter and year inferred; precise to the lakh, no scale stated', async () => {
    const { data } = await filing('BANKING_43594_98455_22042019125125_WEB.xml', 'hdfcbank.json');
    expect(data.company).toMatchObject({ name: 'HDFC Bank Limited', bseCode: null, isin: 'INE040A01018' });
    expect(factOf(data, 'Revenue', 'quarterly')).toMatchObject({
      value: '263332500000',
      decimals: -5,
      // No LevelOfRoundingUsedInFinancialStatements in the file: decimals is a precision, not a stated presentation.
      scale: null,
      period: { type: 'quarterly', start: '2019-01-01', end: '2019-03-31', fiscalYear: 2019, fiscalQuarter: 4 },
    });
    expect(factOf(data, 'Revenue', 'annual')).toMatchObject({ value: '989720500000', period: { start: '2018-04-01', end: '2019-03-31' } });
    expect(factOf(data, 'BasicEarningsPerShare', 'annual')?.value).toBe('78.6');
  });

  it('Bajaj Finance FY24 (NBFC 2020): borrowings are debt securities, borrowings and subordinated liabilities', async () => {
    const { data } = await filing('NBFC_INDAS_104721_1108498_25042024091449.xml', 'bajfinance.json');
    expect(factOf(data, 'Revenue', 'annual')?.value).toBe('549694900000');
    expect(factOf(data, 'ProfitAfterTax', 'annual')?.value).toBe('144511700000');
    expect(factOf(data, 'Borrowings', 'instant')?.element).toBe(
      'in-bse-fin:DebtSecurities + in-bse-fin:Borrowings + in-bse-fin:SubordinatedLiabilities',
    );
    expect(factOf(data, 'TotalAssets', 'instant')?.value).toBe('3757416200000');
  });

  it('Bajaj Finance FY18 (pre-Ind-AS 2018): `Revenue` is the total income', async () => {
    const { data } = await filing('NONINDAS_35272_9888_17052018060424_WEB.xml', 'bajfinance.json');
    expect(factOf(data, 'Revenue', 'annual')?.value).toBe('132877700000');
    expect(factOf(data, 'TotalIncome', 'annual')?.element).toBe('in-bse-fin:Revenue');
    expect(factOf(data, 'ProfitAfterTax', 'quarterly')?.value).toBe('7209500000');
    expect(data.facts.every((f) => f.basis === 'standalone')).toBe(true);
  });
});

describe('NSE results XBRL: older and unusual filings', () => {
  it('Reliance Q1 FY19 (Ind-AS 2017, standalone): only the quarter, no year to date', async () => {
    const { data } = await filing('INDAS_37521_30148_27072018083524_WEB.xml', 'reliance.json');
    expect(factOf(data, 'Revenue', 'quarterly')).toMatchObject({
      value: '954720000000',
      basis: 'standalone',
      period: { fiscalYear: 2019, fiscalQuarter: 1 },
    });
    expect(data.facts.some((f) => f.period.type === 'annual' || f.period.type === 'half_yearly')).toBe(false);
  });

  it('Vodafone Idea Q3 FY25: a loss, rounded to millions', async () => {
    const { data } = await filing('INDAS_119710_1378709_11022025072801.xml', 'idea.json');
    expect(factOf(data, 'ProfitAfterTax', 'quarterly')).toMatchObject({ value: '-66093000000', decimals: -6, scale: 'million' });
    expect(factOf(data, 'BasicEarningsPerShare', 'nine_months')?.value).toBe('-3');
  });

  it('Eternal Q3 FY25: the filing still says ZOMATO; the listing’s ISIN names the company', async () => {
    const { data } = await filing('INDAS_117408_1353522_20012025062858.xml', 'eternal.json');
    expect(data.company).toMatchObject({ name: 'Zomato Limited', nseSymbol: 'ZOMATO', isin: 'INE758T01015' });
    expect(data.companyId).toBe(companyIdFromIsin('INE758T01015'));
  });
});

describe('NSE results XBRL: SEBI 2025 integrated filing (in-capmkt, constructed file)', () => {
  const bytes = fixture('nse-results-xbrl/INTEGRATED_FILING_INDAS_constructed.xml');
  const companyId = '4b3f3a7e-2f7c-4d84-9d0e-2b1f5f3f9c11';
  const input = givenParseInput(bytes, {
    fileName: 'INTEGRATED_FILING_INDAS_constructed.xml',
    knownAt: '2025-05-20T12:00:00.000Z',
    companies: givenCompanies({ bse: { '599999': companyId } }),
  });

  it('is detected by its namespace', () => {
    expect(nseResultsXbrlParser.detect('INTEGRATED_FILING_INDAS_constructed.xml', headOf(bytes))).toBe(true);
  });

  it('identifies the company by BSE scrip code and trusts FourD’s own dates', () => {
    const outcome = expectParsed(nseResultsXbrlParser.parse(input));
    expectEveryEventValid(outcome);
    const data = outcome.events[0]?.data as FinancialsReported;
    expect(data.companyId).toBe(companyId);
    expect(data.company).toMatchObject({ bseCode: '599999', nseSymbol: 'SAMPLECAP', isin: null });
    expect(factOf(data, 'Revenue', 'annual')).toMatchObject({
      value: '4712345600000',
      scale: 'lakh',
      element: 'in-capmkt:RevenueFromOperations',
      period: { start: '2024-04-01', end: '2025-03-31', fiscalYear: 2025, fiscalQuarter: null },
    });
    expect(factOf(data, 'BasicEarningsPerShare', 'quarterly')).toMatchObject({ value: '16.28', unit: 'INR/share' });
    expect(factOf(data, 'NetCashFromOperatingActivities', 'annual')?.value).toBe('701200000000');
  });

  it('reads the prior year-end balance sheet (PY_I) as of its own date and fiscal year', () => {
    const data = expectParsed(nseResultsXbrlParser.parse(input)).events[0]?.data as FinancialsReported;
    expect(factOf(data, 'TotalAssets', 'instant', '2025-03-31')?.value).toBe('3980000000000');
    expect(factOf(data, 'TotalAssets', 'instant', '2024-03-31')).toMatchObject({
      value: '3540000000000',
      period: { type: 'instant', start: null, end: '2024-03-31', fiscalYear: 2024, fiscalQuarter: 4 },
    });
    // Segment contexts carry dimensions and are never a statement column.
    expect(data.facts.some((f) => f.value === '999900000000')).toBe(false);
  });
});

describe('NSE results XBRL: what cannot be used', () => {
  it('rejects a filing whose company is unknown, saying what to ingest', () => {
    const outcome = nseResultsXbrlParser.parse(
      givenParseInput(fixture(`nse-results-xbrl/${ACC_ORIGINAL}`), { companies: createCompanyLookup() }),
    );
    expect(outcome).toMatchObject({
      ok: false,
      reason:
        'the company is not known (ACC Limited, NSE ACC, BSE 500410): ingest its NSE results listing or a master list first, then npm run reparse',
    });
  });

  it('parses a filing without its listing when the symbol is known, and says known_at is not the dissemination time', () => {
    const companyId = companyIdFromIsin('INE012A01025');
    const outcome = expectParsed(
      nseResultsXbrlParser.parse(
        givenParseInput(fixture(`nse-results-xbrl/${ACC_ORIGINAL}`), {
          fileName: ACC_ORIGINAL,
          companies: givenCompanies({ nse: { ACC: companyId } }),
        }),
      ),
    );
    expect((outcome.events[0]?.data as FinancialsReported).company.isin).toBeNull();
    expect(outcome.events[0]?.metadata.knownAt).toBe('2026-01-01T00:00:00.000Z');
    expect(outcome.problems).toEqual([{ where: ACC_ORIGINAL, message: expect.stringMatching(/^no NSE listing entry/) }]);
  });

  it('rejects a truncated file naming the line, never a partial read', async () => {
    const input = await withListing(ACC_ORIGINAL, 'acc.json');
    const outcome = nseResultsXbrlParser.parse({ ...input, bytes: input.bytes.slice(0, 20_000) });
    expect(outcome.ok).toBe(false);
    if (!outcome.ok) expect(outcome.reason).toMatch(/^not well-formed XML at line \d+, column \d+: unclosed tag/);
  });

  it('rejects an unknown taxonomy and a filing with no basis', () => {
    const unknown = new TextEncoder().encode(
      '<xbrli:xbrl xmlns:xbrli="http://www.xbrl.org/2003/instance" xmlns:link="http://www.xbrl.org/2003/linkbase" xmlns:xlink="http://www.w3.org/1999/xlink"><link:schemaRef xlink:href="us-gaap-2024.xsd"/></xbrli:xbrl>',
    );
    expect(nseResultsXbrlParser.parse(givenParseInput(unknown))).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/^unknown taxonomy entry point us-gaap-2024.xsd/),
    });
    const text = new TextDecoder()
      .decode(fixture(`nse-results-xbrl/${ACC_ORIGINAL}`))
      .replace(/<in-bse-fin:NatureOfReportStandaloneConsolidated[^\n]*\n/g, '');
    const outcome = nseResultsXbrlParser.parse(
      givenParseInput(text, { companies: givenCompanies({ nse: { ACC: companyIdFromIsin('INE012A01025') } }) }),
    );
    expect(outcome).toMatchObject({ ok: false, reason: expect.stringMatching(/^the basis is not stated/) });
  });

  it('reports a non-numeric value as a problem and keeps the rest of the filing', async () => {
    const input = await withListing(ACC_ORIGINAL, 'acc.json');
    const text = new TextDecoder().decode(input.bytes).replace('>52072900000.00<', '>five thousand crore<');
    const outcome = expectParsed(nseResultsXbrlParser.parse({ ...input, bytes: new TextEncoder().encode(text) }));
    const data = outcome.events[0]?.data as FinancialsReported;
    expect(factOf(data, 'Revenue', 'quarterly')).toBeUndefined();
    expect(factOf(data, 'Revenue', 'nine_months')?.value).toBe('147974300000');
    expect(outcome.problems).toContainEqual({
      where: 'element in-bse-fin:RevenueFromOperations in OneD',
      message: '"five thousand crore" is not a number',
    });
  });

  it('never throws on damaged bytes', async () => {
    const input = await withListing('INDAS_119710_1378709_11022025072801.xml', 'idea.json');
    expectNoThrowOnDamagedBytes(nseResultsXbrlParser, input.bytes, (bytes) => ({ ...input, bytes }));
  });
});
