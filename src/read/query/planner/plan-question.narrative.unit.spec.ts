import { describe, expect, it } from 'vitest';
import { itPlansEach, type PlanRow, quarter } from '../../../../test/support/plan-question.ts';
import { planQuestion } from './plan-question.ts';

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

// "What drove / why / explain / what caused": facts plus the documents that explain them.
const DRIVERS: readonly PlanRow[] = [
  [
    "How did HDFC Bank's net profit change in FY2024 and what drove it?",
    { route: 'hybrid', reference: 'HDFC Bank', concepts: ['ProfitAfterTax'], fiscal_year: 2024, search_text: 'net profit drove' },
  ],
  [
    "What drove ACC's revenue in Q3 FY25?",
    { route: 'hybrid', reference: 'ACC', concepts: ['Revenue'], ...quarter(2025, 3), search_text: 'drove revenue' },
  ],
  [
    'Explain the fall in Bajaj Finance net profit in Q2 FY25',
    { route: 'hybrid', reference: 'Bajaj Finance', concepts: ['ProfitAfterTax'], ...quarter(2025, 2), search_text: 'fall net profit' },
  ],
  [
    'What caused the drop in Infosys EBITDA margin in FY24?',
    { route: 'hybrid', reference: 'Infosys', concepts: ['ebitda_margin'], fiscal_year: 2024, search_text: 'caused drop EBITDA margin' },
  ],
  [
    "Why did Reliance's PAT rise in FY2024?",
    { route: 'hybrid', reference: 'Reliance', concepts: ['ProfitAfterTax'], fiscal_year: 2024, search_text: 'PAT rise' },
  ],
  [
    'What was behind TCS revenue growth in FY24?',
    { route: 'hybrid', reference: 'TCS', concepts: ['Revenue_growth'], fiscal_year: 2024, search_text: 'behind revenue growth' },
  ],
  [
    "Why did ACC's profit fall in Q3 FY25?",
    { route: 'hybrid', reference: 'ACC', concepts: ['ProfitAfterTax'], ...quarter(2025, 3), search_text: 'profit fall' },
  ],
  [
    'Explain the drop in Infosys EBITDA margin in FY24',
    { route: 'hybrid', reference: 'Infosys', concepts: ['ebitda_margin'], fiscal_year: 2024, search_text: 'drop EBITDA margin' },
  ],
  [
    'What did Tata Steel management say about finance costs last quarter?',
    { route: 'hybrid', reference: 'Tata Steel', concepts: ['FinanceCosts'], ...quarter(2025, 3), search_text: 'finance costs' },
  ],
  [
    "Why did HDFC Bank's net profit rise in FY24 standalone?",
    {
      route: 'hybrid',
      reference: 'HDFC Bank',
      concepts: ['ProfitAfterTax'],
      fiscal_year: 2024,
      basis: 'standalone',
      search_text: 'net profit rise',
    },
  ],
  [
    'Reasons for the decline in Asian Paints revenue growth in the December 2023 quarter',
    {
      route: 'hybrid',
      reference: 'Asian Paints',
      concepts: ['Revenue_growth'],
      ...quarter(2024, 3),
      search_text: 'decline revenue growth',
    },
  ],
  [
    "Why did Vedanta's borrowings rise above 50,000 crore?",
    {
      route: 'hybrid',
      reference: 'Vedanta',
      concepts: ['Borrowings'],
      condition: { operator: '>', value: '500000000000', unit: 'INR' },
      search_text: 'borrowings rise',
    },
  ],
];

describe('planQuestion: why-questions and commentary', () => {
  itPlansEach([...NARRATIVE, ...DRIVERS]);

  it('notes the search text it built', () => {
    expect(planQuestion("Why did ACC's profit fall in Q3 FY25?").notes).toEqual([
      'route: hybrid',
      'reference: "ACC" as written; resolved later by search',
      'period: Q3 FY2025',
      'search_text: "profit fall"',
    ]);
  });
});
