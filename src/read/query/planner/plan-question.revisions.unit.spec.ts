import { describe, expect, it } from 'vitest';
import { type RetrievalPlanInput, RetrievalPlanSchema } from '../../../../schemas/query/plan.ts';
import { planQuestion } from './plan-question.ts';

// Restatements and revisions: the exact route with the restatements extension, so each fact comes with its earlier versions.
// Each expected plan is completed by the schema's defaults (see plan-question.exact.unit.spec.ts). "today" is fixed.
const TODAY = '2025-02-10';
const complete = (plan: RetrievalPlanInput) => RetrievalPlanSchema.parse(plan);

// Restated, revised, originally reported, what changed; any capitalisation
const REVISIONS: ReadonlyArray<readonly [string, RetrievalPlanInput]> = [
  [
    'Has ACC revised its December 2024 quarter results?',
    { route: 'exact', reference: 'ACC', fiscal_year: 2025, fiscal_quarter: 3, period: 'quarterly', restatements: true },
  ],
  [
    "What changed in ACC's Q3 FY25 net profit after the revision?",
    {
      route: 'exact',
      reference: 'ACC',
      concepts: ['ProfitAfterTax'],
      fiscal_year: 2025,
      fiscal_quarter: 3,
      period: 'quarterly',
      restatements: true,
    },
  ],
  [
    'ACC Q3 FY25 revenue originally reported vs restated',
    {
      route: 'exact',
      reference: 'ACC',
      concepts: ['Revenue'],
      fiscal_year: 2025,
      fiscal_quarter: 3,
      period: 'quarterly',
      restatements: true,
    },
  ],
  ["Were TCS's FY24 numbers restated?", { route: 'exact', reference: 'TCS', fiscal_year: 2024, restatements: true }],
  [
    'Any restatement in Infosys Q2 FY25 results?',
    { route: 'exact', reference: 'Infosys', fiscal_year: 2025, fiscal_quarter: 2, period: 'quarterly', restatements: true },
  ],
  ['Restated figures for HDFC Bank FY24', { route: 'exact', reference: 'HDFC Bank', fiscal_year: 2024, restatements: true }],
  [
    'acc q3 fy25 revenue restated',
    {
      route: 'exact',
      reference: 'acc',
      concepts: ['Revenue'],
      fiscal_year: 2025,
      fiscal_quarter: 3,
      period: 'quarterly',
      restatements: true,
    },
  ],
  [
    'Did Reliance Industries restate its FY2024 net profit?',
    { route: 'exact', reference: 'Reliance Industries', concepts: ['ProfitAfterTax'], fiscal_year: 2024, restatements: true },
  ],
  [
    'NSE:ACC revenue Q3 FY25 restated',
    {
      route: 'exact',
      reference: 'NSE:ACC',
      concepts: ['Revenue'],
      fiscal_year: 2025,
      fiscal_quarter: 3,
      period: 'quarterly',
      restatements: true,
    },
  ],
];

describe('planQuestion: restatements and revisions', () => {
  it.each(REVISIONS)('%s', (question, expected) => {
    expect(planQuestion(question, { today: TODAY }).plan).toEqual(complete(expected));
  });
});
