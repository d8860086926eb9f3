import { describe, expect, it } from 'vitest';
import { asOf, itPlansEach, type PlanRow, quarter, quarterEnd } from '../../../../test/support/plan-question.ts';
import { planQuestion } from './plan-question.ts';

// Line items and measures as analysts name them (employee costs, PBT, diluted EPS, cash flow from
// operations); measures the service lacks (net debt, capex, NII, dividend per share) are noted and
// never read as a neighbouring concept.

const ITEMS: readonly PlanRow[] = [
  ['TCS employee costs FY24', { route: 'exact', reference: 'TCS', concepts: ['EmployeeBenefitExpense'], fiscal_year: 2024 }],
  ['Infosys other income Q3 FY25', { route: 'exact', reference: 'Infosys', concepts: ['OtherIncome'], ...quarter(2025, 3) }],
  ['ACC depreciation in Q3 FY25', { route: 'exact', reference: 'ACC', concepts: ['DepreciationAndAmortisation'], ...quarter(2025, 3) }],
  ['HDFC Bank finance costs FY24', { route: 'exact', reference: 'HDFC Bank', concepts: ['FinanceCosts'], fiscal_year: 2024 }],
  [
    'ACC cash flow from operations FY24',
    { route: 'exact', reference: 'ACC', concepts: ['NetCashFromOperatingActivities'], fiscal_year: 2024 },
  ],
  ['Infosys diluted EPS Q3 FY25', { route: 'exact', reference: 'Infosys', concepts: ['DilutedEarningsPerShare'], ...quarter(2025, 3) }],
  ['HDFC Bank PBT FY24', { route: 'exact', reference: 'HDFC Bank', concepts: ['ProfitBeforeTax'], fiscal_year: 2024 }],
  [
    'TCS standalone EBIT margin Q3FY25',
    { route: 'exact', reference: 'TCS', concepts: ['ebit_margin'], ...quarter(2025, 3), basis: 'standalone' },
  ],
  [
    'Infosys operating cash flow FY 2023-24 as of 30 June 2024',
    { route: 'exact', reference: 'Infosys', concepts: ['NetCashFromOperatingActivities'], fiscal_year: 2024, ...asOf('2024-06-30') },
  ],
  ['Reliance net debt at 31 March 2024', { route: 'exact', reference: 'Reliance', ...quarterEnd(2024, 4) }],
  ['Reliance capex FY24', { route: 'semantic', reference: 'Reliance', fiscal_year: 2024, search_text: 'capex' }],
  [
    'TCS dividend per share FY24',
    { route: 'semantic', reference: 'TCS', fiscal_year: 2024, search_text: 'dividend', event_types: ['dividend'] },
  ],
];

describe('planQuestion: line items and measures', () => {
  itPlansEach(ITEMS);

  it('notes net debt as a measure the service lacks, not borrowings', () => {
    expect(planQuestion('Reliance net debt at 31 March 2024').notes).toContain('"net debt" is not a metric of the service; left out');
  });
});
