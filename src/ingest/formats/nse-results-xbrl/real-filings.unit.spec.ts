import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import type { FinancialsReported, ReportedFact } from '#schemas/events/financials';
import { givenParseInput } from '../../../../test/support/parse-input.ts';
import { expectEveryEventValid, expectParsed } from '../../../../test/support/parser-spec-kit.ts';
import { realPath } from '../../../../test/support/real-corpus.ts';
import { describeWithSharedData } from '../../../../test/support/shared-data.ts';
import { createResultsListingContext } from '#ingest/pipeline/results-listing-context';
import { nseResultsXbrlParser } from './parser.ts';

/** One real filing of nse_filings/xbrl/<symbol>/, parsed with its NSE listing (nse_filings/index/<symbol>.json) as the ingestion gives it. */
async function realFiling(symbol: string, file: string): Promise<FinancialsReported> {
  const bytes = new Uint8Array(readFileSync(realPath(`nse_filings/xbrl/${symbol}/${file}`)));
  const listing = `${symbol}.json`;
  const run = [
    { fileName: file, format: 'nse-results-xbrl', read: async () => bytes },
    {
      fileName: listing,
      format: 'nse-results-listing',
      read: async () => new Uint8Array(readFileSync(realPath(`nse_filings/index/${listing}`))),
    },
  ];
  const context = (await createResultsListingContext(async () => []).prepare(run))(run[0] as (typeof run)[0]);
  const input = givenParseInput(bytes, {
    fileName: file,
    knownAt: context?.knownAt ?? null,
    sourceUrl: context?.sourceUrl ?? null,
    attributes: context?.attributes ?? {},
  });
  const outcome = expectParsed(nseResultsXbrlParser.parse(input));
  expectEveryEventValid(outcome);
  const [event] = outcome.events;
  if (event?.type !== 'FinancialsReported') throw new Error('expected FinancialsReported');
  return event.data;
}

const factsOf = (data: FinancialsReported, concept: string): ReportedFact[] => data.facts.filter((f) => f.concept === concept);
const valuesOf = (data: FinancialsReported, concept: string) =>
  Object.fromEntries(factsOf(data, concept).map((f) => [f.period.type, f.value]));

describeWithSharedData('NSE results XBRL on the real filings of nse_filings/', () => {
  it('reads the face value per share each filing states, dated at its reporting date (HDFCBANK Q3 FY20: ₹1 after the 2019 split)', async () => {
    // FaceValueOfEquityShareCapital contextRef="OneD" decimals="INF" 1, beside
    // PaidUpValueOfEquityShareCapital 5477000000.00 on the quarter ending 31 Dec 2019.
    const data = await realFiling('hdfcbank', '21Jan2020_1505_BANKING_51533_206515_20012020023420_WEB.xml');
    expect(factsOf(data, 'FaceValuePerShare')).toEqual([
      {
        concept: 'FaceValuePerShare',
        basis: 'standalone',
        period: { type: 'instant', start: null, end: '2019-12-31', fiscalYear: 2020, fiscalQuarter: 3 },
        value: '1',
        unit: 'INR/share',
        decimals: null,
        scale: null,
        element: 'in-bse-fin:FaceValueOfEquityShareCapital',
      },
    ]);
    expect(valuesOf(data, 'EquityShareCapital')).toEqual({ instant: '5477000000' });
  });

  it('reads a bank’s equity share capital as paid up, not the balance sheet’s Capital with preference capital or a misfiled figure', async () => {
    // KOTAKBANK Q2 FY23: Capital OneI 14928700000 (₹500 crore of preference shares in it), PaidUpValueOfEquityShareCapital 9928700000.
    const kotak = await realFiling('kotakbank', '22Oct2022_1833_BANKING_791213_4922_22102022183315_WEB.xml');
    expect(valuesOf(kotak, 'EquityShareCapital')).toEqual({ instant: '9928700000' });
    // ICICIBANK Q4 FY24: Capital OneI 28100000000, PaidUpValueOfEquityShareCapital 14046800000 with a ₹2 face value.
    const icici = await realFiling('icicibank', '27Apr2024_1648_BANKING_104869_1110073_27042024044839.xml');
    expect(valuesOf(icici, 'EquityShareCapital')).toEqual({ instant: '14046800000' });
  });

  it('reads the face value in every taxonomy: BRITANNIA (Ind-AS, ₹1) and BAJAJFINSV (pre-Ind-AS 2018, ₹5)', async () => {
    const britannia = await realFiling('britannia', '12Nov2019_1551_INDAS_49989_164782_12112019035142_WEB.xml');
    expect(valuesOf(britannia, 'FaceValuePerShare')).toEqual({ instant: '1' });
    const bajajFinserv = await realFiling('bajajfinsv', '21Jun2018_1933_NONINDAS_35327_10087_18052018052358_WEB.xml');
    expect(valuesOf(bajajFinserv, 'FaceValuePerShare')).toEqual({ instant: '5' });
  });

  it('YES Bank Q2 FY21: EPS after extraordinary items left 0.00 does not win over the 0.06 stated before them (none were filed)', async () => {
    // Standalone, quarter ended 30 Sep 2020: BasicEarningsPerShareBeforeExtraordinaryItems OneD 0.06, FourD 0.10;
    // ...AfterExtraordinaryItems 0.00 on both; ExtraordinaryItems 0.00 on both.
    const q2 = await realFiling('yesbank', '21Jan2021_1400_BANKING_65860_367956_03122020125518_WEB.xml');
    expect(valuesOf(q2, 'BasicEarningsPerShare')).toEqual({ quarterly: '0.06', half_yearly: '0.1' });
    expect(valuesOf(q2, 'DilutedEarningsPerShare')).toEqual({ quarterly: '0.06', half_yearly: '0.1' });
    expect(factsOf(q2, 'BasicEarningsPerShare').map((f) => f.element)).toEqual([
      'in-bse-fin:BasicEarningsPerShareBeforeExtraordinaryItems',
      'in-bse-fin:BasicEarningsPerShareBeforeExtraordinaryItems',
    ]);
    // Consolidated Q1: 0.03 before, 0.00 after.
    const q1 = await realFiling('yesbank', '30Sep2020_1441_BANKING_58413_298231_28072020075230_WEB.xml');
    expect(valuesOf(q1, 'BasicEarningsPerShare')).toEqual({ quarterly: '0.03' });
  });

  it('YES Bank Q4 FY20: where EPS after extraordinary items is filed, it is read, not the figure before them', async () => {
    // Consolidated, quarter ended 31 Mar 2020, extraordinary items 6,296.9445 crore: after 6.03, before -8.22.
    const q4 = await realFiling('yesbank', '13May2020_1619_BANKING_55032_250192_08052020021946_WEB.xml');
    expect(valuesOf(q4, 'BasicEarningsPerShare')).toEqual({ quarterly: '6.03', annual: '-56.12' });
  });

  it('BAJAJFINSV Q4 FY18 consolidated (pre-Ind-AS): profit after tax includes the minority interest', async () => {
    // OneD: ProfitLossForThePeriod 6854600000.00 (after minority) + ProfitLossOfMinorityInterest 4283700000.00
    //       = 11,138.3 crore = ProfitLossForPeriodBeforeMinorityInterest 11138300000.00.
    // FourD: 27414400000.00 + 15984400000.00 = 43,398.8 crore (its ProfitLossForPeriodBeforeMinorityInterest
    //        is filed as 433988.00, lakh written as rupees).
    const data = await realFiling('bajajfinsv', '21Jun2018_1933_NONINDAS_35327_10087_18052018052358_WEB.xml');
    expect(valuesOf(data, 'ProfitAfterTax')).toEqual({ quarterly: '11138300000', annual: '43398800000' });
    expect(factsOf(data, 'ProfitAfterTax')[0]?.element).toBe('in-bse-fin:ProfitLossForThePeriod + in-bse-fin:ProfitLossOfMinorityInterest');
    // Standalone files no minority interest: the profit for the period as filed (104.3 crore).
    const standalone = await realFiling('bajajfinsv', '21Jun2018_1935_NONINDAS_35326_10083_18052018051915_WEB.xml');
    expect(valuesOf(standalone, 'ProfitAfterTax')).toEqual({ quarterly: '104300000', annual: '1413400000' });
  });

  it('a bank’s consolidated profit after tax is already before the minority interest (HDFCBANK Q3 FY20)', async () => {
    // OneD: ProfitLossForThePeriod 76599600000.00, ProfitLossOfMinorityInterest 3100000.00, share of associates 0,
    // ProfitLossAfterTaxesMinorityInterestAndShareOfProfitLossOfAssociates 76596500000.00 = 7,659.96 − 0.31 crore.
    const data = await realFiling('hdfcbank', '21Jan2020_1445_BANKING_51534_206561_20012020030320_WEB.xml');
    expect(factsOf(data, 'ProfitAfterTax').find((f) => f.period.type === 'quarterly')).toMatchObject({
      basis: 'consolidated',
      value: '76599600000',
      element: 'in-bse-fin:ProfitLossForThePeriod',
    });
  });

  it('states no scale where the filing states no rounding level (SBIN Q4 FY21 standalone, HDFCBANK Q2 FY20), the decimals kept', async () => {
    // Neither file has LevelOfRoundingUsedInFinancialStatements; SBIN states decimals="-7", HDFCBANK decimals="-5".
    const sbin = await realFiling('sbin', '24May2021_0132_BANKING_70290_450368_24052021013222_WEB.xml');
    expect(sbin.periodEnd).toBe('2021-03-31');
    const revenue = factsOf(sbin, 'Revenue').find((f) => f.period.type === 'quarterly');
    expect(revenue).toMatchObject({ scale: null, decimals: -7 });
    expect(sbin.facts.every((f) => f.scale === null)).toBe(true);
    const hdfc = await realFiling('hdfcbank', '25Oct2019_2002_BANKING_48706_156370_22102019025859_WEB.xml');
    expect(hdfc.periodEnd).toBe('2019-09-30');
    expect(factsOf(hdfc, 'Revenue').find((f) => f.period.type === 'quarterly')).toMatchObject({ scale: null, decimals: -5 });
    expect(hdfc.facts.every((f) => f.scale === null)).toBe(true);
  });

  it('keeps the scale a filing states (ACC Q3 FY25: "Crores")', async () => {
    const acc = await realFiling('acc', '28Jan2025_1150_INDAS_117817_1362652_28012025115046.xml');
    expect(factsOf(acc, 'Revenue').map((f) => f.scale)).toEqual(['crore', 'crore']);
  });
});
