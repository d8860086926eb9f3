import { describe, expect, it } from 'vitest';
import { type RetrievalPlanInput, RetrievalPlanSchema } from '../../../../schemas/query/plan.ts';
import { planQuestion } from './plan-question.ts';

// Line items and measures as analysts name them (employee costs, PBT, diluted EPS, cash flow from
// operations); measures the service lacks (net debt, capex, NII, dividend per share) are noted and
// never read as a neighbouring concept. Each expected plan is completed by the schema's defaults
// (see plan-question.exact.unit.spec.ts). "today" is fixed.
const TODAY = '2025-02-10';
const complete = (plan: RetrievalPlanInput) => RetrievalPlanSchema.parse(plan);

const ITEMS: ReadonlyArray<readonly [string, RetrievalPlanInput]> = [
  ['TCS employee costs FY24', { route: 'exact', reference: 'TCS', concepts: ['EmployeeBenefitExpense'], fiscal_year: 2024 }],
  [
    'Infosys other income Q3 FY25',
    { route: 'exact', reference: 'Infosys', concepts: ['OtherIncome'], fiscal_year: 2025, fiscal_quarter: 3, period: 'quarterly' },
  ],
  [
    'ACC depreciation in Q3 FY25',
    {
      route: 'exact',
      reference: 'ACC',
      concepts: ['DepreciationAndAmortisation'],
      fiscal_year: 2025,
      fiscal_quarter: 3,
      period: 'quarterly',
    },
  ],
  ['HDFC Bank finance costs FY24', { route: 'exact', reference: 'HDFC Bank', concepts: ['FinanceCosts'], fiscal_year: 2024 }],
  [
    'ACC cash flow from operations FY24',
    { route: 'exact', reference: 'ACC', concepts: ['NetCashFromOperatingActivities'], fiscal_year: 2024 },
  ],
  [
    'Infosys diluted EPS Q3 FY25',
    {
      route: 'exact',
      reference: 'Infosys',
      concepts: ['DilutedEarningsPerShare'],
      fiscal_year: 2025,
      fiscal_quarter: 3,
      period: 'quarterly',
    },
  ],
  ['HDFC Bank PBT FY24', { route: 'exact', reference: 'HDFC Bank', concepts: ['ProfitBeforeTax'], fiscal_year: 2024 }],
  [
    'TCS standalone EBIT margin Q3FY25',
    {
      route: 'exact',
      reference: 'TCS',
      concepts: ['ebit_margin'],
      fiscal_year: 2025,
      fiscal_quarter: 3,
      period: 'quarterly',
      basis: 'standalone',
    },
  ],
  [
    'Infosys operating cash flow FY 2023-24 as of 30 June 2024',
    {
      route: 'exact',
      reference: 'Infosys',
      concepts: ['NetCashFromOperatingActivities'],
      fiscal_year: 2024,
      as_of: '2024-06-30T00:00:00Z',
    },
  ],
  [
    'Reliance net debt at 31 March 2024',
    { route: 'exact', reference: 'Reliance', fiscal_year: 2024, fiscal_quarter: 4, period: 'instant' },
  ],
  ['Reliance capex FY24', { route: 'semantic', reference: 'Reliance', fiscal_year: 2024, search_text: 'capex' }],
  [
    'TCS dividend per share FY24',
    { route: 'semantic', reference: 'TCS', fiscal_year: 2024, search_text: 'dividend', event_types: ['dividend'] },
  ],
];

describe('planQuestion: line items and measures', () => {
  it.each(ITEMS)('%s', (question, expected) => {
    expect(planQuestion(question, { today: TODAY }).plan).toEqual(complete(expected));
  });

  it('notes net debt as a measure the service lacks, not borrowings', () => {
    expect(planQuestion('Reliance net debt at 31 March 2024').notes).toContain('"net debt" is not a metric of the service; left out');
  });
});
