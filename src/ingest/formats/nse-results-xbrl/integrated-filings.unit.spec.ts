import { expect, it } from 'vitest';
import type { FinancialsReported } from '#schemas/events/financials';
import { givenParseInput } from '../../../../test/support/parse-input.ts';
import { expectEveryEventValid, expectParsed } from '../../../../test/support/parser-spec-kit.ts';
import { describeWithExchangeData, exchangeFile } from '../../../../test/support/shared-data.ts';
import { createResultsListingContext } from '#ingest/pipeline/results-listing-context';
import { headOf } from '#ingest/shared/parser/file-head';
import { companyIdFromIsin } from '#ingest/shared/parser/company-lookup';
import { parserRegistry } from '#ingest/formats/all-parsers/all-parsers';
import { nseResultsXbrlParser } from './parser.ts';

const BANKING = 'INTEGRATED_FILING_BANKING_1654391_18042026073048_WEB.xml';
const FILINGS = [
  BANKING,
  'INTEGRATED_FILING_INDAS_1461551_31052025015633_WEB.xml',
  'INTEGRATED_FILING_NONINDAS_1461661_31052025042804_WEB.xml',
];
const filing = (name: string) => exchangeFile(`integrated_filings/${name}`);

/** HDFC Bank's Q4 FY26 consolidated filing, with its row of the integrated-filing listing as context, as ingestion gives it. */
async function parsedBanking(): Promise<{ data: FinancialsReported; knownAt: string; sourceUrl: string | null }> {
  const bytes = filing(BANKING);
  const listing = exchangeFile('api/nse/integrated-filing-results/nse_integrated_filings_hdfcbank.json');
  const run = [
    { fileName: BANKING, format: 'nse-results-xbrl', read: async () => bytes },
    { fileName: 'nse_integrated_filings_hdfcbank.json', format: 'nse-results-listing', read: async () => listing },
  ] as const;
  const context = (await createResultsListingContext(async () => []).prepare(run))(run[0]);
  const outcome = expectParsed(
    nseResultsXbrlParser.parse(
      givenParseInput(bytes, {
        fileName: BANKING,
        knownAt: context?.knownAt ?? null,
        sourceUrl: context?.sourceUrl ?? null,
        attributes: context?.attributes ?? {},
      }),
    ),
  );
  expectEveryEventValid(outcome);
  expect(outcome.problems).toEqual([]);
  const [event] = outcome.events;
  if (event?.type !== 'FinancialsReported') throw new Error('expected FinancialsReported');
  return { data: event.data, knownAt: event.metadata.knownAt, sourceUrl: event.metadata.sourceUrl };
}

describeWithExchangeData('SEBI integrated filings (in-capmkt) as NSE serves them', () => {
  it('detects all three templates (banking 2026, Ind-AS and other-than-bank 2025) as results XBRL, by content, whatever the name', () => {
    for (const name of FILINGS) {
      const head = headOf(filing(name));
      expect(parserRegistry.detect(name, filing(name))?.format, name).toBe('nse-results-xbrl');
      // Renamed: the IntegratedFinance_<template> namespace on the root decides.
      expect(nseResultsXbrlParser.detect('download.xml', head), name).toBe(true);
    }
  });

  it('reads the banking filing with its listing entry: dissemination time, URL, company, period', async () => {
    const { data, knownAt, sourceUrl } = await parsedBanking();
    expect(knownAt).toBe('2026-04-18T14:00:49.000Z'); // broadcast_Date 18-Apr-2026 19:30:49 IST
    expect(sourceUrl).toBe(`https://nsearchives.nseindia.com/corporate/xbrl/${BANKING}`);
    expect(data).toMatchObject({
      // The listing states no ISIN; the filing's own ISIN fact (in OneD) names the issuer.
      companyId: companyIdFromIsin('INE040A01034'),
      company: { name: 'HDFC Bank Limited', nseSymbol: 'HDFCBANK', bseCode: '500180', isin: 'INE040A01034' },
      documentType: 'financial_results',
      periodEnd: '2026-03-31',
      fiscalYearStart: '2025-04-01',
      fiscalYearEnd: '2026-03-31',
      isRevision: false,
    });
    expect(data.facts).toHaveLength(39);
    expect(new Set(data.facts.map((f) => f.basis))).toEqual(new Set(['consolidated'])); // NatureOfReportStandaloneConsolidated
  });

  it('reads figures as the file states them: absolute rupees whatever LevelOfRounding says (Crores), decimals per fact, periods from the contexts', async () => {
    const { data } = await parsedBanking();
    const fact = (concept: string, type: string) => data.facts.find((f) => f.concept === concept && f.period.type === type);
    const quarter = { type: 'quarterly', start: '2026-01-01', end: '2026-03-31', fiscalYear: 2026, fiscalQuarter: 4 };
    const year = { type: 'annual', start: '2025-04-01', end: '2026-03-31', fiscalYear: 2026, fiscalQuarter: null };
    // <in-capmkt:InterestEarned contextRef="OneD" decimals="-6" unitRef="INR">871825000000  (OneD: 2026-01-01..2026-03-31)
    expect(fact('Revenue', 'quarterly')).toEqual({
      concept: 'Revenue',
      basis: 'consolidated',
      period: quarter,
      value: '871825000000',
      unit: 'INR',
      decimals: -6,
      scale: null,
      element: 'in-capmkt:InterestEarned',
    });
    // <in-capmkt:ProfitLossForThePeriod contextRef="FourD" decimals="-5" unitRef="INR">760259700000  (FourD: 2025-04-01..2026-03-31)
    expect(fact('ProfitAfterTax', 'annual')).toMatchObject({ period: year, value: '760259700000', unit: 'INR', decimals: -5 });
    expect(fact('ProfitAfterTax', 'quarterly')).toMatchObject({ value: '203507600000', element: 'in-capmkt:ProfitLossForThePeriod' });
    // <in-capmkt:InterestExpended contextRef="OneD" ...>452204400000: a bank's finance cost.
    expect(fact('FinanceCosts', 'quarterly')).toMatchObject({ value: '452204400000', element: 'in-capmkt:InterestExpended' });
    // <in-capmkt:BasicEarningsPerShareAfterExtraordinaryItems contextRef="OneD" decimals="INF" unitRef="INRPerShare">13.22
    expect(fact('BasicEarningsPerShare', 'quarterly')).toMatchObject({ value: '13.22', unit: 'INR/share', decimals: null });
    expect(fact('BasicEarningsPerShare', 'annual')).toMatchObject({ value: '49.5', unit: 'INR/share' });
    // OneI (2026-03-31): Capital 15393400000 + ReservesAndSurplus 5799750200000; Assets 49080408400000.
    expect(fact('TotalEquity', 'instant')).toMatchObject({
      period: { type: 'instant', start: null, end: '2026-03-31' },
      value: '5815143600000',
      element: 'in-capmkt:Capital + in-capmkt:ReservesAndSurplus',
    });
    expect(fact('TotalAssets', 'instant')).toMatchObject({ value: '49080408400000', element: 'in-capmkt:Assets' });
    expect(fact('FaceValuePerShare', 'instant')).toMatchObject({ value: '1', unit: 'INR/share' });
  });
});
