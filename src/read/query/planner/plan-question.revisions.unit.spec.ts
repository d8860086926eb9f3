import { describe, expect, it } from 'vitest';
import { asOf, itPlansEach, type PlanRow, quarter, TODAY } from '../../../../test/support/plan-question.ts';
import { planQuestion } from './plan-question.ts';

// Restatements and revisions: the exact route with the restatements extension, so each fact comes with its earlier versions.

// Restated, revised, originally reported, what changed; any capitalisation
const REVISIONS: readonly PlanRow[] = [
  ['Has ACC revised its December 2024 quarter results?', { route: 'exact', reference: 'ACC', ...quarter(2025, 3), restatements: true }],
  [
    "What changed in ACC's Q3 FY25 net profit after the revision?",
    { route: 'exact', reference: 'ACC', concepts: ['ProfitAfterTax'], ...quarter(2025, 3), restatements: true },
  ],
  [
    'ACC Q3 FY25 revenue originally reported vs restated',
    { route: 'exact', reference: 'ACC', concepts: ['Revenue'], ...quarter(2025, 3), restatements: true },
  ],
  ["Were TCS's FY24 numbers restated?", { route: 'exact', reference: 'TCS', fiscal_year: 2024, restatements: true }],
  ['Any restatement in Infosys Q2 FY25 results?', { route: 'exact', reference: 'Infosys', ...quarter(2025, 2), restatements: true }],
  ['Restated figures for HDFC Bank FY24', { route: 'exact', reference: 'HDFC Bank', fiscal_year: 2024, restatements: true }],
  ['acc q3 fy25 revenue restated', { route: 'exact', reference: 'acc', concepts: ['Revenue'], ...quarter(2025, 3), restatements: true }],
  [
    'Did Reliance Industries restate its FY2024 net profit?',
    { route: 'exact', reference: 'Reliance Industries', concepts: ['ProfitAfterTax'], fiscal_year: 2024, restatements: true },
  ],
  [
    'NSE:ACC revenue Q3 FY25 restated',
    { route: 'exact', reference: 'NSE:ACC', concepts: ['Revenue'], ...quarter(2025, 3), restatements: true },
  ],
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

describe('planQuestion: restatements and revisions', () => {
  itPlansEach(REVISIONS);

  it('reads a credit rating revision as narrative, not as a restatement', () => {
    const { plan } = planQuestion('Was there a credit rating revision for ACC in FY25?', { today: TODAY });
    expect(plan.restatements).toBeUndefined();
    expect(plan.route).toBe('semantic');
  });
});
