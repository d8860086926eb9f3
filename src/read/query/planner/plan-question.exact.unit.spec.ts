import { describe, expect, it } from 'vitest';
import { asOf, complete, itPlansEach, type PlanRow, quarter, TODAY } from '../../../../test/support/plan-question.ts';
import { planQuestion } from './plan-question.ts';

const CASES: readonly PlanRow[] = [
  // fiscal years and quarters, every form
  ['What was TCS revenue in FY24?', { route: 'exact', reference: 'TCS', concepts: ['Revenue'], fiscal_year: 2024 }],
  [
    'Show sales, PAT and EBITDA margin of Tata Motors for FY 2023-24',
    { route: 'exact', reference: 'Tata Motors', concepts: ['Revenue', 'ProfitAfterTax', 'ebitda_margin'], fiscal_year: 2024 },
  ],
  [
    'Infosys ROE and debt to equity 2022-23',
    { route: 'exact', reference: 'Infosys', concepts: ['return_on_equity', 'debt_to_equity'], fiscal_year: 2023 },
  ],
  ["What was ACC's turnover in Q3 FY24?", { route: 'exact', reference: 'ACC', concepts: ['Revenue'], ...quarter(2024, 3) }],
  [
    "HDFC Bank's net profit for the December 2023 quarter",
    { route: 'exact', reference: 'HDFC Bank', concepts: ['ProfitAfterTax'], ...quarter(2024, 3) },
  ],
  ['Wipro top line in the second quarter of FY2024', { route: 'exact', reference: 'Wipro', concepts: ['Revenue'], ...quarter(2024, 2) }],
  [
    'Reliance Industries Ltd net profit and EPS for year ended 31 March 2023 on a standalone basis',
    {
      route: 'exact',
      reference: 'Reliance Industries Ltd',
      concepts: ['ProfitAfterTax', 'BasicEarningsPerShare'],
      fiscal_year: 2023,
      basis: 'standalone',
    },
  ],
  [
    'Asian Paints Limited PBT for quarter ended 30 June 2023',
    { route: 'exact', reference: 'Asian Paints Limited', concepts: ['ProfitBeforeTax'], ...quarter(2024, 1) },
  ],
  [
    'ITC interest coverage for the year ended March 31, 2024',
    { route: 'exact', reference: 'ITC', concepts: ['interest_coverage'], fiscal_year: 2024 },
  ],
  [
    'Maruti Suzuki quarterly revenue FY24',
    { route: 'exact', reference: 'Maruti Suzuki', concepts: ['Revenue'], fiscal_year: 2024, period: 'quarterly' },
  ],
  ['Infosys revenue in H1 FY24', { route: 'exact', reference: 'Infosys', concepts: ['Revenue'], fiscal_year: 2024, period: 'any' }],
  ['HDFC Bank ROE FY23 vs FY24', { route: 'exact', reference: 'HDFC Bank', concepts: ['return_on_equity'], fiscal_year: 2024 }],
  // latest and periods relative to today (2025-02-10 is in Q4 FY2025)
  ['TCS annual PAT latest', { route: 'exact', reference: 'TCS', concepts: ['ProfitAfterTax'] }],
  ['Infosys revenue latest', { route: 'exact', reference: 'Infosys', concepts: ['Revenue'], period: 'any' }],
  ['INE002A01018 total assets latest', { route: 'exact', reference: 'INE002A01018', concepts: ['TotalAssets'], period: 'instant' }],
  [
    'What is the latest promoter holding of Adani Ports?',
    { route: 'exact', reference: 'Adani Ports', concepts: ['promoter_pct'], period: 'instant' },
  ],
  ['BSE:500325 EPS last quarter', { route: 'exact', reference: 'BSE:500325', concepts: ['BasicEarningsPerShare'], ...quarter(2025, 3) }],
  [
    "What was Bajaj Finance's net profit last year?",
    { route: 'exact', reference: 'Bajaj Finance', concepts: ['ProfitAfterTax'], fiscal_year: 2024 },
  ],
  ['TCS revenue this year', { route: 'exact', reference: 'TCS', concepts: ['Revenue'], fiscal_year: 2025 }],
  ['TCS revenue for the last 8 quarters', { route: 'exact', reference: 'TCS', concepts: ['Revenue'], period: 'quarterly' }],
  // as_of: a date is the start of that day, UTC
  [
    'L17110MH1973PLC019786 borrowings as known on 2024-05-01',
    { route: 'exact', reference: 'L17110MH1973PLC019786', concepts: ['Borrowings'], ...asOf('2024-05-01') },
  ],
  ['HDFC Bank sales as of 1 June 2023', { route: 'exact', reference: 'HDFC Bank', concepts: ['Revenue'], ...asOf('2023-06-01') }],
  [
    'TCS PAT as it was known on 2023-06-01 for FY23',
    { route: 'exact', reference: 'TCS', concepts: ['ProfitAfterTax'], fiscal_year: 2023, ...asOf('2023-06-01') },
  ],
  ['Wipro net worth as at 15 Jan 2025', { route: 'exact', reference: 'Wipro', concepts: ['TotalEquity'], ...asOf('2025-01-15') }],
  // basis
  [
    'Larsen & Toubro EBITDA for FY25 consolidated',
    { route: 'exact', reference: 'Larsen & Toubro', concepts: ['ebitda'], fiscal_year: 2025 },
  ],
  [
    "What were Infosys's employee costs in FY 2022-23 (standalone)?",
    { route: 'exact', reference: 'Infosys', concepts: ['EmployeeBenefitExpense'], fiscal_year: 2023, basis: 'standalone' },
  ],
  // references: identifiers, possessives, "of X", ambiguous names left as written
  ['NSE:INFY revenue growth FY2024', { route: 'exact', reference: 'NSE:INFY', concepts: ['Revenue_growth'], fiscal_year: 2024 }],
  ['HDFC revenue', { route: 'exact', reference: 'HDFC', concepts: ['Revenue'] }],
  ["Tata's profit in FY23", { route: 'exact', reference: 'Tata', concepts: ['ProfitAfterTax'], fiscal_year: 2023 }],
  ["Dr Reddy's revenue FY24", { route: 'exact', reference: 'Dr Reddy', concepts: ['Revenue'], fiscal_year: 2024 }],
  ['Revenue of M&M in FY2024', { route: 'exact', reference: 'M&M', concepts: ['Revenue'], fiscal_year: 2024 }],
  [
    'State Bank of India ROE FY 2023-24',
    { route: 'exact', reference: 'State Bank of India', concepts: ['return_on_equity'], fiscal_year: 2024 },
  ],
  [
    'Revenue of Tata Consultancy Services (TCS) vs Infosys FY24',
    {
      route: 'exact',
      reference: 'Tata Consultancy Services',
      references: ['Tata Consultancy Services', 'Infosys'],
      concepts: ['Revenue'],
      fiscal_year: 2024,
    },
  ],
  ['tcs revenue fy24', { route: 'exact', reference: 'tcs', concepts: ['Revenue'], fiscal_year: 2024 }],
  // several concepts; a measure the service lacks
  [
    'ITC revenue, PAT, EPS, ROE, ROA, net margin FY24',
    {
      route: 'exact',
      reference: 'ITC',
      concepts: ['Revenue', 'ProfitAfterTax', 'BasicEarningsPerShare', 'return_on_equity', 'return_on_assets', 'net_margin'],
      fiscal_year: 2024,
    },
  ],
  ['What is ROCE of TCS?', { route: 'exact', reference: 'TCS' }],
];

describe('planQuestion: named facts of one company (exact)', () => {
  itPlansEach(CASES);

  it('explains its reading in notes', () => {
    const { notes } = planQuestion('Revenue of Tata Consultancy Services (TCS) vs Infosys FY23 and FY24', { today: TODAY });
    expect(notes).toEqual([
      'route: exact',
      'reference: "Tata Consultancy Services" as written; resolved later by search',
      'companies compared: Tata Consultancy Services, Infosys (each resolved and answered side by side)',
      '"TCS" in brackets read as another name of the company before it',
      'FY2023 also named: a plan holds one fiscal year, the latest is used',
      'period: FY2024',
    ]);
  });

  it('reads "last quarter" as the newest quarter when no today is given', () => {
    const { plan, notes } = planQuestion('TCS revenue last quarter');
    expect(plan).toEqual(complete({ route: 'exact', reference: 'TCS', concepts: ['Revenue'], period: 'quarterly' }));
    expect(notes).toContain('last quarter without today: the newest quarter');
  });

  it('says which measures it does not have, in the notes and as a gap the answer states', () => {
    const { notes, gaps } = planQuestion('What is ROCE of TCS?');
    expect(notes).toContain('"ROCE" is not a metric of the service; left out');
    expect(gaps).toEqual([
      { kind: 'missing', subject: 'ROCE', message: "'ROCE' is not a measure this service holds or derives, so it is not answered." },
    ]);
    expect(planQuestion('TCS revenue in FY2024').gaps).toEqual([]);
  });
});
