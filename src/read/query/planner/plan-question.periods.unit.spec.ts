import { describe, expect, it } from 'vitest';
import { asOf, itPlansEach, type PlanRow, quarter, quarterEnd } from '../../../../test/support/plan-question.ts';
import { planQuestion } from './plan-question.ts';

// Fiscal years, quarters, halves and relative periods in the forms analysts write them; basis; as-of dates; balance-sheet dates.

// FY24, FY 2023-24, F.Y., Q3FY25, 2QFY25, "December quarter", "June 2024 quarter", H1, year ended, last quarter, past 5 years
const PERIODS: readonly PlanRow[] = [
  ["What was TCS's revenue in FY 2023-24?", { route: 'exact', reference: 'TCS', concepts: ['Revenue'], fiscal_year: 2024 }],
  ['Infosys net profit for Q3FY25', { route: 'exact', reference: 'Infosys', concepts: ['ProfitAfterTax'], ...quarter(2025, 3) }],
  ['ACC revenue for the December quarter of FY25', { route: 'exact', reference: 'ACC', concepts: ['Revenue'], ...quarter(2025, 3) }],
  [
    'HDFC Bank net profit in the June 2024 quarter',
    { route: 'exact', reference: 'HDFC Bank', concepts: ['ProfitAfterTax'], ...quarter(2025, 1) },
  ],
  [
    'Reliance Industries EBITDA for H1 FY25',
    { route: 'exact', reference: 'Reliance Industries', concepts: ['ebitda'], fiscal_year: 2025, period: 'any' },
  ],
  ['Bajaj Finance PAT in 2QFY25', { route: 'exact', reference: 'Bajaj Finance', concepts: ['ProfitAfterTax'], ...quarter(2025, 2) }],
  [
    'TCS operating profit for the quarter ended 30 September 2024',
    { route: 'exact', reference: 'TCS', concepts: ['ebit'], ...quarter(2025, 2) },
  ],
  [
    'Infosys revenue for the financial year ended 31st March 2024',
    { route: 'exact', reference: 'Infosys', concepts: ['Revenue'], fiscal_year: 2024 },
  ],
  ['ACC net sales in Q1 of FY 2024-25', { route: 'exact', reference: 'ACC', concepts: ['Revenue'], ...quarter(2025, 1) }],
  [
    "What was Reliance's total income in F.Y. 2023-24?",
    { route: 'exact', reference: 'Reliance', concepts: ['TotalIncome'], fiscal_year: 2024 },
  ],
  ['HDFC Bank net interest income Q4FY24', { route: 'exact', reference: 'HDFC Bank', ...quarter(2024, 4) }],
  ['Wipro revenue for the second quarter of FY2025', { route: 'exact', reference: 'Wipro', concepts: ['Revenue'], ...quarter(2025, 2) }],
  ['Infosys EPS for fiscal 2024', { route: 'exact', reference: 'Infosys', concepts: ['BasicEarningsPerShare'], fiscal_year: 2024 }],
  ['TCS quarterly revenue in FY25', { route: 'exact', reference: 'TCS', concepts: ['Revenue'], fiscal_year: 2025, period: 'quarterly' }],
  ['ACC revenue for the last 8 quarters', { route: 'exact', reference: 'ACC', concepts: ['Revenue'], period: 'quarterly' }],
  ['Reliance net profit for the past 5 years', { route: 'exact', reference: 'Reliance', concepts: ['ProfitAfterTax'] }],
  ['TCS revenue last quarter', { route: 'exact', reference: 'TCS', concepts: ['Revenue'], ...quarter(2025, 3) }],
  ['Infosys net profit this year', { route: 'exact', reference: 'Infosys', concepts: ['ProfitAfterTax'], fiscal_year: 2025 }],
  ['HDFC Bank total assets latest', { route: 'exact', reference: 'HDFC Bank', concepts: ['TotalAssets'], period: 'instant' }],
  [
    "What was Bajaj Finance's latest quarterly net profit?",
    { route: 'exact', reference: 'Bajaj Finance', concepts: ['ProfitAfterTax'], period: 'quarterly' },
  ],
  ['ACC revenue YoY growth FY25', { route: 'exact', reference: 'ACC', concepts: ['Revenue_growth'], fiscal_year: 2025 }],
  // growth is year on year: quarter on quarter is answered with the quarters' figures, and a gap
  ['TCS revenue growth QoQ', { route: 'exact', reference: 'TCS', concepts: ['Revenue'], period: 'quarterly' }],
  [
    'What was the sequential growth in Infosys net profit in Q3 FY25?',
    { route: 'exact', reference: 'Infosys', concepts: ['ProfitAfterTax'], ...quarter(2025, 3) },
  ],
  ['Quarter-on-quarter net profit growth of ACC', { route: 'exact', reference: 'ACC', concepts: ['ProfitAfterTax'], period: 'quarterly' }],
  ['TCS PAT for the year ending 2024-03-31', { route: 'exact', reference: 'TCS', concepts: ['ProfitAfterTax'], fiscal_year: 2024 }],
  ['Infosys revenue for FY24 Q3', { route: 'exact', reference: 'Infosys', concepts: ['Revenue'], ...quarter(2024, 3) }],
  ['Net profit of ACC in Q3 of 2024-25', { route: 'exact', reference: 'ACC', concepts: ['ProfitAfterTax'], ...quarter(2025, 3) }],
  ['Reliance revenue in the Sept quarter of FY25', { route: 'exact', reference: 'Reliance', concepts: ['Revenue'], ...quarter(2025, 2) }],
  ['TCS revenue 9MFY25', { route: 'exact', reference: 'TCS', concepts: ['Revenue'], fiscal_year: 2025, period: 'any' }],
  [
    'Infosys net profit for 9M FY2025',
    { route: 'exact', reference: 'Infosys', concepts: ['ProfitAfterTax'], fiscal_year: 2025, period: 'any' },
  ],
  [
    'ACC revenue for the nine months of FY25',
    { route: 'exact', reference: 'ACC', concepts: ['Revenue'], fiscal_year: 2025, period: 'any' },
  ],
  [
    'Infosys net profit for H2 FY24',
    { route: 'exact', reference: 'Infosys', concepts: ['ProfitAfterTax'], fiscal_year: 2024, period: 'any' },
  ],
  ['ACC revenue for Q3 FY2024-25', { route: 'exact', reference: 'ACC', concepts: ['Revenue'], ...quarter(2025, 3) }],
  [
    'Reliance net profit for the quarter ended Dec 2024',
    { route: 'exact', reference: 'Reliance', concepts: ['ProfitAfterTax'], ...quarter(2025, 3) },
  ],
  [
    'HDFC Bank net profit Oct-Dec 2024 quarter',
    { route: 'exact', reference: 'HDFC Bank', concepts: ['ProfitAfterTax'], ...quarter(2025, 3) },
  ],
  [
    'Bajaj Finance PAT for the March 2024 quarter',
    { route: 'exact', reference: 'Bajaj Finance', concepts: ['ProfitAfterTax'], ...quarter(2024, 4) },
  ],
  ["TCS revenue in FY'24", { route: 'exact', reference: 'TCS', concepts: ['Revenue'], fiscal_year: 2024 }],
  ['Infosys EBITDA margin for FY 24', { route: 'exact', reference: 'Infosys', concepts: ['ebitda_margin'], fiscal_year: 2024 }],
  ['ACC net profit for the third quarter of FY25', { route: 'exact', reference: 'ACC', concepts: ['ProfitAfterTax'], ...quarter(2025, 3) }],
  ['Reliance revenue Q2 FY 2024-25', { route: 'exact', reference: 'Reliance', concepts: ['Revenue'], ...quarter(2025, 2) }],
];

// Standalone / consolidated, and what was known at a date (as of, as on, as at, as known on, as it stood on)
const BASIS_AND_AS_OF: readonly PlanRow[] = [
  ['TCS standalone revenue FY24', { route: 'exact', reference: 'TCS', concepts: ['Revenue'], fiscal_year: 2024, basis: 'standalone' }],
  ['Infosys consolidated net profit Q3 FY25', { route: 'exact', reference: 'Infosys', concepts: ['ProfitAfterTax'], ...quarter(2025, 3) }],
  [
    'Reliance Industries stand-alone PAT for FY 2023-24',
    { route: 'exact', reference: 'Reliance Industries', concepts: ['ProfitAfterTax'], fiscal_year: 2024, basis: 'standalone' },
  ],
  [
    'HDFC Bank standalone total assets at 31 March 2024',
    { route: 'exact', reference: 'HDFC Bank', concepts: ['TotalAssets'], ...quarterEnd(2024, 4), basis: 'standalone' },
  ],
  [
    'ACC revenue Q3 FY25 as known on 30 January 2025',
    { route: 'exact', reference: 'ACC', concepts: ['Revenue'], ...quarter(2025, 3), ...asOf('2025-01-30') },
  ],
  [
    'ACC revenue Q3 FY25 as known on 1 February 2025',
    { route: 'exact', reference: 'ACC', concepts: ['Revenue'], ...quarter(2025, 3), ...asOf('2025-02-01') },
  ],
  [
    "What did we know about ACC's Q3 FY25 net profit as of 29 January 2025?",
    { route: 'exact', reference: 'ACC', concepts: ['ProfitAfterTax'], ...quarter(2025, 3), ...asOf('2025-01-29') },
  ],
  [
    'TCS net profit FY24 as it stood on 1 May 2024',
    { route: 'exact', reference: 'TCS', concepts: ['ProfitAfterTax'], fiscal_year: 2024, ...asOf('2024-05-01') },
  ],
  [
    'Infosys revenue FY2024 as on 15-Apr-2024',
    { route: 'exact', reference: 'Infosys', concepts: ['Revenue'], fiscal_year: 2024, ...asOf('2024-04-15') },
  ],
  [
    'Bajaj Finance net profit Q2 FY25 as at 2024-10-31',
    { route: 'exact', reference: 'Bajaj Finance', concepts: ['ProfitAfterTax'], ...quarter(2025, 2), ...asOf('2024-10-31') },
  ],
  [
    'Reliance total assets FY24 as of 01/06/2024',
    { route: 'exact', reference: 'Reliance', concepts: ['TotalAssets'], fiscal_year: 2024, ...asOf('2024-06-01') },
  ],
  ['HDFC Bank ROE FY24 as of today', { route: 'exact', reference: 'HDFC Bank', concepts: ['return_on_equity'], fiscal_year: 2024 }],
];

// Balance-sheet dates: the fiscal year and quarter the date ends, period instant.
const BALANCE_DATES: readonly PlanRow[] = [
  [
    'Hindustan Unilever cash and cash equivalents at 31 March 2024',
    { route: 'exact', reference: 'Hindustan Unilever', concepts: ['CashAndCashEquivalents'], ...quarterEnd(2024, 4) },
  ],
  [
    'HDFC Bank total assets at 31 March 2024',
    { route: 'exact', reference: 'HDFC Bank', concepts: ['TotalAssets'], ...quarterEnd(2024, 4) },
  ],
  [
    'Borrowings of Tata Steel at 30 September 2024',
    { route: 'exact', reference: 'Tata Steel', concepts: ['Borrowings'], ...quarterEnd(2025, 2) },
  ],
  [
    'Reliance Industries inventories on 31st March 2024',
    { route: 'exact', reference: 'Reliance Industries', concepts: ['Inventories'], ...quarterEnd(2024, 4) },
  ],
  [
    'What were TCS trade receivables at March 31, 2024?',
    { route: 'exact', reference: 'TCS', concepts: ['TradeReceivables'], ...quarterEnd(2024, 4) },
  ],
  [
    'Infosys total equity at the end of 30 September 2024',
    { route: 'exact', reference: 'Infosys', concepts: ['TotalEquity'], ...quarterEnd(2025, 2) },
  ],
  [
    'ACC goodwill at 31-03-2024 on a standalone basis',
    { route: 'exact', reference: 'ACC', concepts: ['Goodwill'], ...quarterEnd(2024, 4), basis: 'standalone' },
  ],
];

describe('planQuestion: periods, basis and as-of dates as analysts write them', () => {
  itPlansEach([...PERIODS, ...BASIS_AND_AS_OF, ...BALANCE_DATES]);

  it('notes a balance-sheet date', () => {
    expect(planQuestion('Hindustan Unilever cash and cash equivalents at 31 March 2024').notes).toContain(
      'balance-sheet date read as at the end of Q4 FY2024',
    );
  });

  it('says quarter-on-quarter growth is not derived, and nothing of the kind for year-on-year growth', () => {
    expect(planQuestion('TCS revenue growth QoQ').gaps).toEqual([
      {
        kind: 'missing',
        subject: 'Revenue_growth',
        message:
          'Quarter-on-quarter growth of Revenue from operations is not derived here (growth compares with the same period a year earlier); the reported figures are given instead.',
      },
    ]);
    expect(planQuestion('ACC revenue YoY growth FY25').gaps).toEqual([]);
    expect(planQuestion('TCS revenue QoQ').gaps).toEqual([]);
  });

  it('drops a condition on quarter-on-quarter growth rather than compare the quarters with a ratio, and a screen says its growth is year on year', () => {
    const filter = planQuestion('Quarters where TCS revenue growth QoQ was above 5%');
    expect(filter.plan).toMatchObject({ concepts: ['Revenue'], condition: null });
    expect(filter.gaps.map((g) => g.subject)).toEqual(['Revenue_growth']);
    const range = planQuestion('Quarters where TCS revenue growth QoQ was between 5% and 10%').plan;
    expect([range.condition, range.conditions]).toEqual([null, undefined]);
    const screen = planQuestion('Companies with QoQ revenue growth above 10%');
    expect(screen.plan).toMatchObject({ route: 'hybrid_screen', filters: [{ metric: 'Revenue_growth', operator: '>', value: '0.1' }] });
    expect(screen.gaps).toEqual([
      {
        kind: 'missing',
        subject: 'filters',
        message: 'Quarter-on-quarter growth is not derived here: the screen compares growth with the same period a year earlier.',
      },
    ]);
    expect(planQuestion('Companies with revenue growth above 10%').gaps).toEqual([]);
  });

  it('a date that is no quarter end is not a balance-sheet date', () => {
    const { plan } = planQuestion('HDFC Bank total assets at 15 March 2024');
    expect([plan.fiscal_year, plan.period]).toEqual([null, 'annual']);
  });
});
