import { describe, expect, it } from 'vitest';
import { asOf, itPlansEach, type PlanRow, quarter, quarterEnd, TODAY } from '../../../../test/support/plan-question.ts';
import { planQuestion } from './plan-question.ts';

// Several companies in one question (the references extension): comparisons and lists, each answered side by side.

// vs, compare, lists with commas and "and"
const PEERS: readonly PlanRow[] = [
  [
    'Compare TCS, Infosys and Wipro revenue for FY24',
    { route: 'exact', reference: 'TCS', references: ['TCS', 'Infosys', 'Wipro'], concepts: ['Revenue'], fiscal_year: 2024 },
  ],
  [
    'Infosys vs TCS vs HCL Technologies net margin FY2024',
    {
      route: 'exact',
      reference: 'Infosys',
      references: ['Infosys', 'TCS', 'HCL Technologies'],
      concepts: ['net_margin'],
      fiscal_year: 2024,
    },
  ],
  [
    'Compare the ROE of HDFC Bank and ICICI Bank for FY 2023-24',
    { route: 'exact', reference: 'HDFC Bank', references: ['HDFC Bank', 'ICICI Bank'], concepts: ['return_on_equity'], fiscal_year: 2024 },
  ],
  [
    'Reliance Industries and ONGC EBITDA FY24',
    {
      route: 'exact',
      reference: 'Reliance Industries',
      references: ['Reliance Industries', 'ONGC'],
      concepts: ['ebitda'],
      fiscal_year: 2024,
    },
  ],
  [
    'Which is bigger by revenue, TCS or Infosys, in FY24?',
    { route: 'exact', reference: 'TCS', references: ['TCS', 'Infosys'], concepts: ['Revenue'], fiscal_year: 2024 },
  ],
  [
    'Bajaj Finance vs Bajaj Finserv net profit Q2 FY25',
    {
      route: 'exact',
      reference: 'Bajaj Finance',
      references: ['Bajaj Finance', 'Bajaj Finserv'],
      concepts: ['ProfitAfterTax'],
      ...quarter(2025, 2),
    },
  ],
  [
    'ACC vs UltraTech Cement revenue Q3 FY25',
    { route: 'exact', reference: 'ACC', references: ['ACC', 'UltraTech Cement'], concepts: ['Revenue'], ...quarter(2025, 3) },
  ],
  [
    'Compare promoter holding of TCS and Infosys as of 1 May 2024',
    { route: 'exact', reference: 'TCS', references: ['TCS', 'Infosys'], concepts: ['promoter_pct'], ...asOf('2024-05-01') },
  ],
  [
    'HDFC Bank, ICICI Bank, Axis Bank and Kotak Mahindra Bank total assets at 31 March 2024',
    {
      route: 'exact',
      reference: 'HDFC Bank',
      references: ['HDFC Bank', 'ICICI Bank', 'Axis Bank', 'Kotak Mahindra Bank'],
      concepts: ['TotalAssets'],
      ...quarterEnd(2024, 4),
    },
  ],
  [
    'Compare Maruti Suzuki with Tata Motors on EBITDA margin in FY24',
    {
      route: 'exact',
      reference: 'Maruti Suzuki',
      references: ['Maruti Suzuki', 'Tata Motors'],
      concepts: ['ebitda_margin'],
      fiscal_year: 2024,
    },
  ],
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
];

describe('planQuestion: peers and lists of companies', () => {
  itPlansEach(PEERS);

  it('notes the companies compared, and names written apart from the comparison', () => {
    expect(planQuestion('Compare net margin of TCS and INFY in FY2024', { today: TODAY }).notes).toContain(
      'companies compared: TCS, INFY (each resolved and answered side by side)',
    );
    expect(planQuestion('What did Infosys say about TCS?', { today: TODAY }).notes).toContain(
      'also named: TCS (not compared: only companies listed together are)',
    );
  });

  it('a screen compares no named companies', () => {
    expect(planQuestion('Companies with ROE above 20% like TCS and Infosys', { today: TODAY }).plan.references).toBeUndefined();
  });
});
