import { describe } from 'vitest';
import { itPlansEach, type PlanRow, quarter } from '../../../../test/support/plan-question.ts';

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
];

describe('planQuestion: restatements and revisions', () => {
  itPlansEach(REVISIONS);
});
