import { describe, expect, it } from 'vitest';
import { type RetrievalPlanInput, RetrievalPlanSchema } from '../../../../schemas/query/plan.ts';
import { planQuestion } from './plan-question.ts';

// Shareholding questions (promoter, FII, DII, mutual fund, public, pledges) go to the exact route.
// Each expected plan is completed by the schema's defaults (see plan-question.exact.unit.spec.ts). "today" is fixed.
const TODAY = '2025-02-10';
const complete = (plan: RetrievalPlanInput) => RetrievalPlanSchema.parse(plan);

// Ownership fields by quarter, as-of date, lower case and identifier
const HOLDINGS: ReadonlyArray<readonly [string, RetrievalPlanInput]> = [
  ['What is the promoter shareholding in HDFC Bank?', { route: 'exact', reference: 'HDFC Bank', concepts: ['promoter_pct'] }],
  [
    'Promoter holding of Reliance Industries in Q3 FY25',
    {
      route: 'exact',
      reference: 'Reliance Industries',
      concepts: ['promoter_pct'],
      fiscal_year: 2025,
      fiscal_quarter: 3,
      period: 'quarterly',
    },
  ],
  [
    'How much of TCS do FIIs own as of 31 December 2024?',
    { route: 'exact', reference: 'TCS', concepts: ['fii_pct'], as_of: '2024-12-31T00:00:00Z' },
  ],
  [
    'Foreign institutional holding in Infosys as on 30 September 2024',
    { route: 'exact', reference: 'Infosys', concepts: ['fii_pct'], as_of: '2024-09-30T00:00:00Z' },
  ],
  [
    'ACC promoter pledge as of 1 January 2025',
    { route: 'exact', reference: 'ACC', concepts: ['pledged_pct'], as_of: '2025-01-01T00:00:00Z' },
  ],
  [
    'Mutual fund holding in ACC in the December 2024 quarter',
    { route: 'exact', reference: 'ACC', concepts: ['mutual_fund_pct'], fiscal_year: 2025, fiscal_quarter: 3, period: 'quarterly' },
  ],
  ['What percentage of Reliance is held by the public?', { route: 'exact', reference: 'Reliance', concepts: ['public_pct'] }],
  [
    'DII stake in HDFC Bank for Q2FY25',
    { route: 'exact', reference: 'HDFC Bank', concepts: ['dii_pct'], fiscal_year: 2025, fiscal_quarter: 2, period: 'quarterly' },
  ],
  ['promoter holding of tcs', { route: 'exact', reference: 'tcs', concepts: ['promoter_pct'] }],
  [
    'Promoter holding of HCL Technologies as of 1 October 2024',
    { route: 'exact', reference: 'HCL Technologies', concepts: ['promoter_pct'], as_of: '2024-10-01T00:00:00Z' },
  ],
  [
    'Public float of HDFC Bank as of 31 December 2024',
    { route: 'exact', reference: 'HDFC Bank', concepts: ['public_pct'], as_of: '2024-12-31T00:00:00Z' },
  ],
  ['Promoter pledge in Bajaj Finance', { route: 'exact', reference: 'Bajaj Finance', concepts: ['pledged_pct'] }],
  ['Did the promoters of Emami increase their stake?', { route: 'exact', reference: 'Emami', concepts: ['promoter_pct'] }],
];

describe('planQuestion: shareholding and pledges', () => {
  it.each(HOLDINGS)('%s', (question, expected) => {
    expect(planQuestion(question, { today: TODAY }).plan).toEqual(complete(expected));
  });
});
