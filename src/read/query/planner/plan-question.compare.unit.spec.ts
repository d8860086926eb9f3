import { describe, expect, it } from 'vitest';
import { asOf, itPlansEach, type PlanRow, quarter, TODAY } from '../../../../test/support/plan-question.ts';
import { planQuestion } from './plan-question.ts';

// Comparisons and lists of companies (the `references` extension) and questions about
// restatements (the `restatements` extension).

const CASES: readonly PlanRow[] = [
  // several companies, side by side
  [
    'Compare net margin of TCS and INFY in FY2024',
    { route: 'exact', reference: 'TCS', references: ['TCS', 'INFY'], concepts: ['net_margin'], fiscal_year: 2024 },
  ],
  [
    'TCS vs INFY net margin FY2024',
    { route: 'exact', reference: 'TCS', references: ['TCS', 'INFY'], concepts: ['net_margin'], fiscal_year: 2024 },
  ],
  [
    'TCS vs Zzyzx Corp net margin FY2024',
    { route: 'exact', reference: 'TCS', references: ['TCS', 'Zzyzx Corp'], concepts: ['net_margin'], fiscal_year: 2024 },
  ],
  ['TCS vs Infosys', { route: 'exact', reference: 'TCS', references: ['TCS', 'Infosys'] }],
  [
    'HDFC Bank, ICICI Bank and Axis Bank net profit FY2024',
    {
      route: 'exact',
      reference: 'HDFC Bank',
      references: ['HDFC Bank', 'ICICI Bank', 'Axis Bank'],
      concepts: ['ProfitAfterTax'],
      fiscal_year: 2024,
    },
  ],
  [
    'Revenue of Tata Motors versus Maruti Suzuki in Q3 FY25',
    { route: 'exact', reference: 'Tata Motors', references: ['Tata Motors', 'Maruti Suzuki'], concepts: ['Revenue'], ...quarter(2025, 3) },
  ],
  [
    "How does Infosys's ROE compare with TCS's for FY24?",
    { route: 'exact', reference: 'Infosys', references: ['Infosys', 'TCS'], concepts: ['return_on_equity'], fiscal_year: 2024 },
  ],
  [
    'tcs vs infy net margin fy24',
    { route: 'exact', reference: 'tcs', references: ['tcs', 'infy'], concepts: ['net_margin'], fiscal_year: 2024 },
  ],
  [
    'NSE:TCS and NSE:INFY revenue FY2024',
    { route: 'exact', reference: 'NSE:TCS', references: ['NSE:TCS', 'NSE:INFY'], concepts: ['Revenue'], fiscal_year: 2024 },
  ],
  [
    'Quarters where TCS and Infosys revenue exceeded 30,000 crore',
    {
      route: 'filter',
      reference: 'TCS',
      references: ['TCS', 'Infosys'],
      concepts: ['Revenue'],
      period: 'quarterly',
      condition: { operator: '>', value: '300000000000', unit: 'INR' },
    },
  ],
  ['What did Infosys say about TCS?', { route: 'semantic', reference: 'Infosys', search_text: 'TCS' }],
  // restatements and revisions
  [
    "Was ACC's Q3 FY25 revenue restated?",
    { route: 'exact', reference: 'ACC', concepts: ['Revenue'], ...quarter(2025, 3), restatements: true },
  ],
  [
    'Show ACC quarterly revenue restatements',
    { route: 'exact', reference: 'ACC', concepts: ['Revenue'], period: 'quarterly', restatements: true },
  ],
  ['Has ACC restated any figures?', { route: 'exact', reference: 'ACC', restatements: true }],
  [
    "What changed in ACC's Q3 FY25 revenue between filings?",
    {
      route: 'hybrid',
      reference: 'ACC',
      concepts: ['Revenue'],
      ...quarter(2025, 3),
      search_text: 'changed revenue filings',
      restatements: true,
    },
  ],
  [
    'Was TCS net profit for FY2024 revised?',
    { route: 'exact', reference: 'TCS', concepts: ['ProfitAfterTax'], fiscal_year: 2024, restatements: true },
  ],
  [
    'ACC revenue as originally reported for Q3 FY25',
    { route: 'exact', reference: 'ACC', concepts: ['Revenue'], ...quarter(2025, 3), restatements: true },
  ],
  [
    'Was ACC revenue for Q3 FY25 restated as of 29 January 2025?',
    { route: 'exact', reference: 'ACC', concepts: ['Revenue'], ...quarter(2025, 3), ...asOf('2025-01-29'), restatements: true },
  ],
];

describe('planQuestion: several companies, and restatements', () => {
  itPlansEach(CASES);

  it('notes the companies compared, and names written apart from the comparison', () => {
    expect(planQuestion('Compare net margin of TCS and INFY in FY2024', { today: TODAY }).notes).toContain(
      'companies compared: TCS, INFY (each resolved and answered side by side)',
    );
    expect(planQuestion('What did Infosys say about TCS?', { today: TODAY }).notes).toContain(
      'also named: TCS (not compared: only companies listed together are)',
    );
  });

  it('reads a credit rating revision as narrative, not as a restatement', () => {
    const { plan } = planQuestion('Was there a credit rating revision for ACC in FY25?', { today: TODAY });
    expect(plan.restatements).toBeUndefined();
    expect(plan.route).toBe('semantic');
  });

  it('a screen compares no named companies', () => {
    expect(planQuestion('Companies with ROE above 20% like TCS and Infosys', { today: TODAY }).plan.references).toBeUndefined();
  });
});
