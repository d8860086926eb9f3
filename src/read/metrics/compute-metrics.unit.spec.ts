import { describe, expect, it } from 'vitest';
import type { ReportedConcept } from '#schemas/common/concepts';
import type { Basis } from '#schemas/common/primitives';
import type { Fact } from '#schemas/read-models/fact';
import { MetricSchema, type Metric } from '#schemas/read-models/metric';
import { computeMetrics } from './compute-metrics.ts';
import { Decimal } from '#platform/decimals/exact-decimal';
import { roundedRatio } from '#platform/decimals/rounded-ratio';
import { describeMetric, listMetricCatalogue, METRIC_IDS } from './metric-catalogue.ts';

const COMPANY = { id: '00000000-0000-4000-8000-000000000001', name: 'Test Co', nse_symbol: 'TEST', bse_code: null, isin: null, cin: null };

type FactPeriod = Fact['period'];
const QUARTER_ENDS = ['06-30', '09-30', '12-31', '03-31'] as const;
const QUARTER_STARTS = ['04-01', '07-01', '10-01', '01-01'] as const;
const YTD_TYPES = ['quarterly', 'half_yearly', 'nine_months', 'annual'] as const;
const endOf = (fy: number, q: number) => `${q === 4 ? fy : fy - 1}-${QUARTER_ENDS[q - 1]}`;

const quarter = (fy: number, q: number): FactPeriod => ({
  type: 'quarterly',
  start: `${q === 4 ? fy : fy - 1}-${QUARTER_STARTS[q - 1]}`,
  end: endOf(fy, q),
  fiscal_year: fy,
  fiscal_quarter: q,
});
const ytd = (fy: number, q: number): FactPeriod => ({
  type: YTD_TYPES[q - 1] ?? 'annual',
  start: `${fy - 1}-04-01`,
  end: endOf(fy, q),
  fiscal_year: fy,
  fiscal_quarter: q === 4 ? null : q,
});
const year = (fy: number): FactPeriod => ytd(fy, 4);
const instant = (fy: number, q: number): FactPeriod => ({
  type: 'instant',
  start: null,
  end: endOf(fy, q),
  fiscal_year: fy,
  fiscal_quarter: q,
});

let filings = 0;
function fact(
  concept: ReportedConcept,
  value: string,
  period: FactPeriod,
  basis: Basis = 'consolidated',
  knownAt = '2025-01-20T10:00:00.000Z',
): Fact {
  filings += 1;
  const filingId = `00000000-0000-4000-9000-${String(filings).padStart(12, '0')}`;
  return {
    company: COMPANY,
    concept,
    basis,
    period,
    value,
    unit: 'INR',
    decimals: -5,
    scale: 'lakh',
    filing_id: filingId,
    document_type: 'financial_results',
    source_url: `https://example.test/${filingId}.xml`,
    element: null,
    known_at: knownAt,
    recorded_at: knownAt,
    revision_number: 0,
  };
}

const pick = (
  metrics: readonly Metric[],
  metric: string,
  end: string,
  type: 'quarterly' | 'annual' = 'quarterly',
  basis: Basis = 'consolidated',
) => {
  const found = metrics.find((m) => m.metric === metric && m.period.end === end && m.period.type === type && m.basis === basis);
  if (!found) throw new Error(`no ${metric} for ${type} ${end} ${basis}`);
  return found;
};

describe('roundedRatio', () => {
  it.each([
    ['1', '3', '0.333333'],
    ['2', '3', '0.666667'],
    ['-2', '3', '-0.666667'],
    ['1', '2000000', '0.000001'], // exactly half a millionth: away from zero
    ['-1', '2000000', '-0.000001'],
    ['1', '2000001', '0.000000'], // just under half
    ['-1', '2000001', '0.000000'], // no negative zero
    ['0', '7', '0.000000'],
    ['52072900000', '59273800000', '0.878515'],
    ['123456789012345678901234567890', '7', '17636684144620811271604938270.000000'],
  ])('%s / %s = %s', (n, d, expected) => {
    expect(roundedRatio(new Decimal(n), new Decimal(d))).toBe(expected);
  });

  it('refuses a denominator that is not positive', () => {
    expect(() => roundedRatio(new Decimal(1), new Decimal(0))).toThrow(RangeError);
    expect(() => roundedRatio(new Decimal(1), new Decimal(-1))).toThrow(RangeError);
  });
});

describe('computeMetrics: ratios of one quarter', () => {
  const facts = [
    fact('Revenue', '1200', quarter(2025, 3)),
    fact('ProfitAfterTax', '150', quarter(2025, 3), 'consolidated', '2025-01-21T10:00:00.000Z'),
    fact('ProfitBeforeTax', '200', quarter(2025, 3)),
    fact('FinanceCosts', '0', quarter(2025, 3)),
    fact('DepreciationAndAmortisation', '30.5', quarter(2025, 3)),
    fact('TaxExpense', '50', quarter(2025, 3)),
  ];
  const metrics = computeMetrics(facts, { period: 'quarterly' });

  it('divides profit after tax by revenue, with the facts used and their provenance', () => {
    const margin = pick(metrics, 'net_margin', '2024-12-31');
    expect(margin).toMatchObject({
      company: COMPANY,
      basis: 'consolidated',
      period: { type: 'quarterly', start: '2024-10-01', end: '2024-12-31', fiscal_year: 2025, fiscal_quarter: 3 },
      value: '0.125000',
      unit: 'ratio',
      reason: null,
      known_at: '2025-01-21T10:00:00.000Z',
    });
    expect(margin.inputs.map((i) => [i.concept, i.value, i.role, i.filing_id, i.source_url])).toEqual([
      ['ProfitAfterTax', '150', 'current', facts[1]?.filing_id, facts[1]?.source_url],
      ['Revenue', '1200', 'current', facts[0]?.filing_id, facts[0]?.source_url],
    ]);
  });

  it('adds exact amounts: EBIT and EBITDA in rupees', () => {
    expect(pick(metrics, 'ebit', '2024-12-31')).toMatchObject({ value: '200', unit: 'INR' });
    expect(pick(metrics, 'ebitda', '2024-12-31')).toMatchObject({ value: '230.5', unit: 'INR' });
    expect(pick(metrics, 'ebitda_margin', '2024-12-31').value).toBe('0.192083'); // 230.5 / 1200 = 0.1920833…
    expect(pick(metrics, 'effective_tax_rate', '2024-12-31').value).toBe('0.250000');
  });

  it('gives no interest coverage over zero finance costs, never 0', () => {
    expect(pick(metrics, 'interest_coverage', '2024-12-31')).toMatchObject({
      value: null,
      reason: { code: 'zero_denominator', concepts: ['FinanceCosts'] },
    });
  });

  it('names every missing input: no balance sheet at this quarter end, no cash flow', () => {
    expect(pick(metrics, 'return_on_equity', '2024-12-31')).toMatchObject({
      value: null,
      reason: { code: 'missing_input', concepts: ['TotalEquity'] },
      known_at: '2025-01-21T10:00:00.000Z',
    });
    expect(pick(metrics, 'debt_to_equity', '2024-12-31')).toMatchObject({
      value: null,
      reason: { code: 'missing_input', concepts: ['Borrowings', 'TotalEquity'] },
      inputs: [],
      known_at: null,
    });
    expect(pick(metrics, 'cash_conversion', '2024-12-31').reason?.concepts).toEqual(['NetCashFromOperatingActivities', 'ProfitAfterTax']);
  });

  it('returns rows that satisfy the read-model schema', () => {
    for (const metric of metrics) expect(MetricSchema.parse(metric)).toEqual(metric);
  });
});

describe('computeMetrics: balance sheet, year to date and bases', () => {
  const facts = [
    fact('ProfitAfterTax', '40', quarter(2025, 2)),
    fact('Revenue', '400', quarter(2025, 2)),
    fact('ProfitAfterTax', '90', ytd(2025, 2)),
    fact('NetCashFromOperatingActivities', '117', ytd(2025, 2)),
    fact('TotalEquity', '-200', instant(2025, 2)),
    fact('Borrowings', '300', instant(2025, 2)),
    fact('TotalAssets', '1000', instant(2025, 2)),
    fact('ProfitAfterTax', '35', quarter(2025, 2), 'standalone'),
    fact('TotalEquity', '700', instant(2025, 2), 'standalone'),
  ];
  const metrics = computeMetrics(facts, { period: 'any' });

  it('nulls ratios over negative equity instead of giving a misleading sign', () => {
    expect(pick(metrics, 'return_on_equity', '2024-09-30')).toMatchObject({
      value: null,
      reason: { code: 'negative_denominator', concepts: ['TotalEquity'] },
    });
    expect(pick(metrics, 'debt_to_equity', '2024-09-30').reason?.code).toBe('negative_denominator');
  });

  it('reads closing balances at the quarter end, not annualised', () => {
    expect(pick(metrics, 'return_on_assets', '2024-09-30').value).toBe('0.040000');
    expect(pick(metrics, 'asset_turnover', '2024-09-30').value).toBe('0.400000');
  });

  it('converts cash over the half year to date, not over the quarter', () => {
    const conversion = pick(metrics, 'cash_conversion', '2024-09-30');
    expect(conversion.value).toBe('1.300000');
    expect(conversion.inputs.map((i) => [i.concept, i.period.type])).toEqual([
      ['NetCashFromOperatingActivities', 'half_yearly'],
      ['ProfitAfterTax', 'half_yearly'],
    ]);
  });

  it('keeps the bases apart', () => {
    expect(pick(metrics, 'return_on_equity', '2024-09-30', 'quarterly', 'standalone').value).toBe('0.050000');
  });

  it('gives quarters and years only: a half year is read as year to date, not a metric period', () => {
    expect(new Set(metrics.map((m) => m.period.type))).toEqual(new Set(['quarterly']));
    expect(computeMetrics(facts, { period: 'annual' })).toEqual([]);
  });
});

describe('computeMetrics: growth year on year', () => {
  const facts = [
    fact('Revenue', '100', quarter(2024, 3)),
    fact('Revenue', '120', quarter(2024, 2)),
    fact('Revenue', '110', quarter(2025, 3)),
    fact('Revenue', '130', quarter(2025, 2)),
    fact('Revenue', '90', quarter(2025, 1)),
    fact('ProfitAfterTax', '-100', quarter(2024, 3)),
    fact('ProfitAfterTax', '-40', quarter(2025, 3)),
    fact('ExceptionalItems', '0', quarter(2024, 3)),
    fact('ExceptionalItems', '5', quarter(2025, 3)),
    fact('OtherIncome', '3', quarter(2024, 3)),
    fact('Revenue', '1000', year(2024)),
    fact('Revenue', '1234', year(2025)),
    fact('TotalEquity', '500', instant(2024, 4)),
    fact('TotalEquity', '600', instant(2025, 4)),
  ];
  const metrics = computeMetrics(facts, { period: 'any' });

  it('compares a quarter with the same quarter a year earlier, not the quarter before', () => {
    const growth = pick(metrics, 'Revenue_growth', '2024-12-31');
    expect(growth.value).toBe('0.100000');
    expect(growth.inputs.map((i) => [i.role, i.period.end, i.value])).toEqual([
      ['current', '2024-12-31', '110'],
      ['prior', '2023-12-31', '100'],
    ]);
    expect(pick(metrics, 'Revenue_growth', '2024-09-30').value).toBe('0.083333');
  });

  it('divides by the absolute prior value: a shrinking loss is positive growth', () => {
    expect(pick(metrics, 'ProfitAfterTax_growth', '2024-12-31').value).toBe('0.600000');
  });

  it('gives null with a reason: no prior period, a zero prior, a concept no longer reported', () => {
    expect(pick(metrics, 'Revenue_growth', '2024-06-30').reason?.code).toBe('no_prior_period');
    expect(pick(metrics, 'ExceptionalItems_growth', '2024-12-31').reason?.code).toBe('zero_denominator');
    expect(pick(metrics, 'OtherIncome_growth', '2024-12-31')).toMatchObject({
      value: null,
      reason: { code: 'missing_input', concepts: ['OtherIncome'] },
    });
  });

  it('grows a year over the prior year, balances over the prior year end', () => {
    expect(pick(metrics, 'Revenue_growth', '2025-03-31', 'annual').value).toBe('0.234000');
    expect(pick(metrics, 'TotalEquity_growth', '2025-03-31', 'annual').value).toBe('0.200000');
  });

  it('only gives growth for concepts reported in the period or the year before', () => {
    const ids = metrics.filter((m) => m.period.end === '2024-06-30').map((m) => m.metric);
    expect(ids.filter((id) => id.endsWith('_growth'))).toEqual(['Revenue_growth']);
    expect(ids).toHaveLength(13);
  });
});

describe('computeMetrics: growth by calendar when fiscal labels shift', () => {
  // As ACC's filings label them after moving its fiscal year from January–December to
  // April–March: Jul–Sep 2022 is "FY2023 Q3", Oct–Dec 2022 and Jan–Mar 2023 are both "FY2023 Q4".
  const labelled = (start: string, end: string, fy: number, q: number): FactPeriod => ({
    type: 'quarterly',
    start,
    end,
    fiscal_year: fy,
    fiscal_quarter: q,
  });
  const metrics = computeMetrics(
    [
      fact('Revenue', '39873400000', labelled('2022-07-01', '2022-09-30', 2023, 3), 'standalone'),
      fact('Revenue', '45369700000', labelled('2022-10-01', '2022-12-31', 2023, 4), 'standalone'),
      fact('Revenue', '47909100000', labelled('2023-01-01', '2023-03-31', 2023, 4), 'standalone'),
      fact('Revenue', '49183400000', labelled('2023-10-01', '2023-12-31', 2024, 3), 'standalone'),
      fact(
        'Revenue',
        '100',
        { type: 'annual', start: '2022-01-01', end: '2023-03-31', fiscal_year: 2023, fiscal_quarter: null },
        'standalone',
      ),
      fact(
        'Revenue',
        '90',
        { type: 'annual', start: '2023-04-01', end: '2024-03-31', fiscal_year: 2024, fiscal_quarter: null },
        'standalone',
      ),
    ],
    { period: 'any' },
  );

  it('pairs a quarter with the one covering the same months a year earlier, not the one with the same label', () => {
    const growth = pick(metrics, 'Revenue_growth', '2023-12-31', 'quarterly', 'standalone');
    // (49,183.4 − 45,369.7) / 45,369.7 against Oct–Dec 2022; by label (Jul–Sep 2022) it would be 0.233490.
    expect(growth.value).toBe('0.084058');
    expect(growth.inputs.map((i) => [i.role, i.period.start, i.period.end])).toEqual([
      ['current', '2023-10-01', '2023-12-31'],
      ['prior', '2022-10-01', '2022-12-31'],
    ]);
  });

  it('keeps two quarters that share a label as two periods', () => {
    const q4 = metrics.filter((m) => m.metric === 'Revenue_growth' && m.period.fiscal_year === 2023 && m.period.fiscal_quarter === 4);
    expect(q4.map((m) => m.period.end).sort()).toEqual(['2022-12-31', '2023-03-31']);
  });

  it('states a fiscal-year change instead of comparing a fifteen-month year with a twelve-month one', () => {
    const year = pick(metrics, 'Revenue_growth', '2024-03-31', 'annual', 'standalone');
    expect(year).toMatchObject({ value: null, reason: { code: 'period_changed', concepts: ['Revenue'] } });
    expect(year.inputs.map((i) => [i.role, i.period.start, i.period.end])).toEqual([
      ['current', '2023-04-01', '2024-03-31'],
      ['prior', '2022-01-01', '2023-03-31'],
    ]);
    expect(MetricSchema.array().parse(metrics)).toHaveLength(metrics.length);
  });
});

describe('the metric catalogue', () => {
  it('describes every metric id with its formula and unit', () => {
    expect(listMetricCatalogue().map((e) => e.id)).toEqual([...METRIC_IDS]);
    expect(describeMetric('interest_coverage')).toMatchObject({
      formula: '(ProfitBeforeTax + FinanceCosts) / FinanceCosts',
      unit: 'ratio',
    });
    expect(describeMetric('ebitda')).toMatchObject({
      formula: 'ProfitBeforeTax + FinanceCosts + DepreciationAndAmortisation',
      unit: 'INR',
    });
    expect(describeMetric('cash_conversion')?.formula).toBe('NetCashFromOperatingActivities / ProfitAfterTax [ytd]');
    expect(describeMetric('Revenue_growth')?.unit).toBe('ratio');
    expect(describeMetric('revenue; drop table')).toBeUndefined();
  });
});
