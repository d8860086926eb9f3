import { describe, expect, it } from 'vitest';
import type { Fact } from '#schemas/read-models/fact';
import type { Metric } from '#schemas/read-models/metric';
import { earningsGaps, type PacketFindings } from './earnings-gaps.ts';

const company = {
  id: '00000000-0000-4000-8000-000000000001',
  name: 'ACC Limited',
  nse_symbol: 'ACC',
  bse_code: null,
  isin: null,
  cin: null,
};
const quarter = { type: 'quarterly', start: '2024-10-01', end: '2024-12-31', fiscal_year: 2025, fiscal_quarter: 3 } as const;

const fact = (concept: Fact['concept'], period: Fact['period'] = quarter): Fact => ({
  company,
  concept,
  basis: 'consolidated',
  period,
  value: '1',
  unit: 'INR',
  decimals: -7,
  scale: 'crore',
  filing_id: '00000000-0000-4000-8000-00000000000f',
  document_type: 'financial_results',
  source_url: null,
  element: null,
  known_at: '2025-01-31T13:15:56.000Z',
  recorded_at: '2025-02-01T00:00:00.000Z',
  revision_number: 0,
});

const metric = (id: Metric['metric'], reason: Metric['reason']): Metric => ({
  company,
  metric: id,
  basis: 'consolidated',
  period: { ...quarter },
  value: reason ? null : '0.1',
  unit: 'ratio',
  reason,
  inputs: [],
  known_at: null,
});

const found = (overrides: Partial<PacketFindings>): PacketFindings => ({
  label: 'Q3 FY2025',
  basis: 'consolidated',
  asOf: undefined,
  facts: [],
  otherBasis: undefined,
  ratios: [],
  growth: [],
  ...overrides,
});

describe('earningsGaps', () => {
  it('states that there are no results, and which basis has some', () => {
    expect(earningsGaps(found({ otherBasis: 'standalone', asOf: '2025-01-01T00:00:00Z' }))).toEqual([
      {
        kind: 'missing',
        subject: 'results',
        message:
          'No consolidated results for Q3 FY2025 were found as known at 2025-01-01T00:00:00Z. standalone results exist: call again with basis standalone.',
      },
    ]);
  });

  it('names missing headline figures, a missing balance sheet and each null ratio with its reason', () => {
    const gaps = earningsGaps(
      found({
        facts: [fact('Revenue'), fact('ProfitAfterTax')],
        ratios: [
          metric('net_margin', null),
          metric('return_on_equity', { code: 'missing_input', concepts: ['TotalEquity'], message: 'not reported: TotalEquity' }),
        ],
        growth: [
          metric('Revenue_growth', { code: 'no_prior_period', concepts: ['Revenue'], message: '' }),
          metric('ProfitAfterTax_growth', { code: 'no_prior_period', concepts: ['ProfitAfterTax'], message: '' }),
        ],
      }),
    );
    expect(gaps.map((g) => [g.kind, g.subject])).toEqual([
      ['missing', 'BasicEarningsPerShare'],
      ['missing', 'balance sheet'],
      ['missing', 'return_on_equity'],
      ['missing', 'BasicEarningsPerShare_growth'],
      ['missing', 'growth'],
    ]);
    expect(gaps[2]?.message).toBe('return_on_equity for Q3 FY2025 is unavailable: not reported: TotalEquity.');
    expect(gaps[4]?.message).toBe(
      'Growth against the prior year is unavailable (not reported for the same period a year earlier) for Revenue_growth, ProfitAfterTax_growth.',
    );
  });

  it('has no balance-sheet gap when the period end balance sheet was filed, and none for growth with values', () => {
    const instant = { ...quarter, type: 'instant', start: null } as const;
    const gaps = earningsGaps(
      found({
        facts: [fact('Revenue'), fact('ProfitAfterTax'), fact('BasicEarningsPerShare'), fact('TotalEquity', instant)],
        growth: [metric('Revenue_growth', null), metric('ProfitAfterTax_growth', null), metric('BasicEarningsPerShare_growth', null)],
      }),
    );
    expect(gaps).toEqual([]);
  });
});
