import { describe, expect, it } from 'vitest';
import { type RetrievalPlanInput, RetrievalPlanSchema } from '../../../../schemas/query/plan.ts';
import { planQuestion } from './plan-question.ts';

// Company references as users type them: lower case, misspellings, Indian abbreviations, BSE codes, ISINs and NSE symbols, all kept as written for resolution to rank candidates.
// Each expected plan is completed by the schema's defaults (see plan-question.exact.unit.spec.ts). "today" is fixed.
const TODAY = '2025-02-10';
const complete = (plan: RetrievalPlanInput) => RetrievalPlanSchema.parse(plan);

// Lower case, misspelt and abbreviated names
const NAMES: ReadonlyArray<readonly [string, RetrievalPlanInput]> = [
  [
    'infosys net profit q3 fy25',
    { route: 'exact', reference: 'infosys', concepts: ['ProfitAfterTax'], fiscal_year: 2025, fiscal_quarter: 3, period: 'quarterly' },
  ],
  ['reliance industries ebitda fy24', { route: 'exact', reference: 'reliance industries', concepts: ['ebitda'], fiscal_year: 2024 }],
  [
    'acc revenue december quarter fy25',
    { route: 'exact', reference: 'acc', concepts: ['Revenue'], fiscal_year: 2025, fiscal_quarter: 3, period: 'quarterly' },
  ],
  ['hdfc bank roe fy24', { route: 'exact', reference: 'hdfc bank', concepts: ['return_on_equity'], fiscal_year: 2024 }],
  [
    'bajaj finance total assets at 31 march 2024',
    { route: 'exact', reference: 'bajaj finance', concepts: ['TotalAssets'], fiscal_year: 2024, fiscal_quarter: 4, period: 'instant' },
  ],
  ['infosis revenue FY24', { route: 'exact', reference: 'infosis', concepts: ['Revenue'], fiscal_year: 2024 }],
  [
    'Relaince Industries net profit FY24',
    { route: 'exact', reference: 'Relaince Industries', concepts: ['ProfitAfterTax'], fiscal_year: 2024 },
  ],
  [
    'Bajaj Finace PAT Q2 FY25',
    { route: 'exact', reference: 'Bajaj Finace', concepts: ['ProfitAfterTax'], fiscal_year: 2025, fiscal_quarter: 2, period: 'quarterly' },
  ],
  ['HDFC Bnak net profit FY24', { route: 'exact', reference: 'HDFC Bnak', concepts: ['ProfitAfterTax'], fiscal_year: 2024 }],
  [
    'Tata Consultancy Servies revenue FY2024',
    { route: 'exact', reference: 'Tata Consultancy Servies', concepts: ['Revenue'], fiscal_year: 2024 },
  ],
  [
    'HUL net profit Q3 FY25',
    { route: 'exact', reference: 'HUL', concepts: ['ProfitAfterTax'], fiscal_year: 2025, fiscal_quarter: 3, period: 'quarterly' },
  ],
  [
    'SBI total assets at 31 March 2024',
    { route: 'exact', reference: 'SBI', concepts: ['TotalAssets'], fiscal_year: 2024, fiscal_quarter: 4, period: 'instant' },
  ],
  ['RIL net profit FY 2023-24', { route: 'exact', reference: 'RIL', concepts: ['ProfitAfterTax'], fiscal_year: 2024 }],
  [
    'L&T revenue Q3FY25',
    { route: 'exact', reference: 'L&T', concepts: ['Revenue'], fiscal_year: 2025, fiscal_quarter: 3, period: 'quarterly' },
  ],
  ['M&M EBITDA FY24', { route: 'exact', reference: 'M&M', concepts: ['ebitda'], fiscal_year: 2024 }],
  ['Infy net margin FY2024', { route: 'exact', reference: 'Infy', concepts: ['net_margin'], fiscal_year: 2024 }],
  [
    'HDFC Bank vs SBI net profit FY24',
    { route: 'exact', reference: 'HDFC Bank', references: ['HDFC Bank', 'SBI'], concepts: ['ProfitAfterTax'], fiscal_year: 2024 },
  ],
  ['HUL vs ITC revenue FY2024', { route: 'exact', reference: 'HUL', references: ['HUL', 'ITC'], concepts: ['Revenue'], fiscal_year: 2024 }],
];

// ISINs, BSE codes and NSE symbols
const IDENTIFIERS: ReadonlyArray<readonly [string, RetrievalPlanInput]> = [
  [
    'INE467B01029 revenue Q3 FY25',
    { route: 'exact', reference: 'INE467B01029', concepts: ['Revenue'], fiscal_year: 2025, fiscal_quarter: 3, period: 'quarterly' },
  ],
  ['BSE:532540 net profit FY24', { route: 'exact', reference: 'BSE:532540', concepts: ['ProfitAfterTax'], fiscal_year: 2024 }],
  ['532174 revenue FY2024', { route: 'exact', reference: '532174', concepts: ['Revenue'], fiscal_year: 2024 }],
  ['Promoter holding of INE040A01034', { route: 'exact', reference: 'INE040A01034', concepts: ['promoter_pct'] }],
  ['What is BSE:500180 trading at?', { route: 'quote', reference: 'BSE:500180' }],
  [
    'NSE:BAJFINANCE net profit Q2 FY25',
    {
      route: 'exact',
      reference: 'NSE:BAJFINANCE',
      concepts: ['ProfitAfterTax'],
      fiscal_year: 2025,
      fiscal_quarter: 2,
      period: 'quarterly',
    },
  ],
  ['Net margin of NSE:INFY in FY24', { route: 'exact', reference: 'NSE:INFY', concepts: ['net_margin'], fiscal_year: 2024 }],
  [
    'INE009A01021 insider trading in July 2020',
    {
      route: 'semantic',
      reference: 'INE009A01021',
      search_text: 'insider trading',
      event_types: ['insider_trading'],
      date_from: '2020-07-01',
      date_to: '2020-07-31',
    },
  ],
];

describe('planQuestion: company names, abbreviations and identifiers', () => {
  it.each([...NAMES, ...IDENTIFIERS])('%s', (question, expected) => {
    expect(planQuestion(question, { today: TODAY }).plan).toEqual(complete(expected));
  });
});
