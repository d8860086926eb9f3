import { describe } from 'vitest';
import { itPlansEach, type PlanRow, quarter } from '../../../../test/support/plan-question.ts';

// Why, explain, what drove, reasons, commentary: facts plus passages when a figure is named, passages alone otherwise.

// Facts and the documents that explain them
const NARRATIVE: readonly PlanRow[] = [
  [
    "Why did Infosys's net profit fall in Q2 FY25?",
    { route: 'hybrid', reference: 'Infosys', concepts: ['ProfitAfterTax'], ...quarter(2025, 2), search_text: 'net profit fall' },
  ],
  [
    "Why is ACC's EBITDA margin lower in Q3 FY25?",
    { route: 'hybrid', reference: 'ACC', concepts: ['ebitda_margin'], ...quarter(2025, 3), search_text: 'EBITDA margin lower' },
  ],
  [
    "Explain the jump in Reliance's finance costs in FY24",
    { route: 'hybrid', reference: 'Reliance', concepts: ['FinanceCosts'], fiscal_year: 2024, search_text: 'jump finance costs' },
  ],
  [
    "What were the reasons for TCS's revenue growth in FY2024?",
    { route: 'hybrid', reference: 'TCS', concepts: ['Revenue_growth'], fiscal_year: 2024, search_text: 'revenue growth' },
  ],
  [
    "What drove HDFC Bank's total assets higher in FY24?",
    { route: 'hybrid', reference: 'HDFC Bank', concepts: ['TotalAssets'], fiscal_year: 2024, search_text: 'drove total assets higher' },
  ],
  [
    "Why did Bajaj Finance's PAT grow in FY 2023-24?",
    { route: 'hybrid', reference: 'Bajaj Finance', concepts: ['ProfitAfterTax'], fiscal_year: 2024, search_text: 'PAT grow' },
  ],
  [
    "What is behind ACC's fall in net profit in the December quarter?",
    {
      route: 'hybrid',
      reference: 'ACC',
      concepts: ['ProfitAfterTax'],
      fiscal_quarter: 3,
      period: 'quarterly',
      search_text: 'behind fall net profit',
    },
  ],
  [
    'why did tcs net profit rise in fy24',
    { route: 'hybrid', reference: 'tcs', concepts: ['ProfitAfterTax'], fiscal_year: 2024, search_text: 'net profit rise' },
  ],
  [
    'What did Infosys management say about margins in Q3 FY25?',
    { route: 'semantic', reference: 'Infosys', ...quarter(2025, 3), search_text: 'margins' },
  ],
  [
    "What is Reliance's outlook for the retail business?",
    { route: 'semantic', reference: 'Reliance', search_text: 'outlook retail business' },
  ],
  ['HDFC Bank commentary on deposit growth', { route: 'semantic', reference: 'HDFC Bank', search_text: 'deposit growth' }],
  ['What risks did ACC highlight in its annual report?', { route: 'semantic', reference: 'ACC', search_text: 'risks highlight' }],
];

describe('planQuestion: why-questions and commentary', () => {
  itPlansEach(NARRATIVE);
});
