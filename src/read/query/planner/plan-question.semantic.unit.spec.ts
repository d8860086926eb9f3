import { describe, expect, it } from 'vitest';
import { asOf, itPlansEach, type PlanRow, quarter, TODAY } from '../../../../test/support/plan-question.ts';
import { planQuestion } from './plan-question.ts';

const SEMANTIC: readonly PlanRow[] = [
  ['What did Infosys say about attrition?', { route: 'semantic', reference: 'Infosys', search_text: 'attrition' }],
  ['what did infosys say about attrition', { route: 'semantic', reference: 'infosys', search_text: 'attrition' }],
  ['Management commentary on demand outlook for HDFC Bank', { route: 'semantic', reference: 'HDFC Bank', search_text: 'demand outlook' }],
  [
    'What did TCS management say about deal wins in Q3 FY24?',
    { route: 'semantic', reference: 'TCS', ...quarter(2024, 3), search_text: 'deal wins' },
  ],
  ["Tell me about Zomato's expansion plans", { route: 'semantic', reference: 'Zomato', search_text: 'expansion plans' }],
  ['Infosys attrition', { route: 'semantic', reference: 'Infosys', search_text: 'attrition' }],
  ['dividend history of ITC', { route: 'semantic', reference: 'ITC', search_text: 'dividend', event_types: ['dividend'] }],
  ['Larsen & Toubro order book commentary', { route: 'semantic', reference: 'Larsen & Toubro', search_text: 'order book' }],
  [
    "What are the key risks mentioned in Reliance's annual report for FY24?",
    { route: 'semantic', reference: 'Reliance', fiscal_year: 2024, search_text: 'key risks' },
  ],
  [
    'Summarise the latest announcements from Adani Enterprises',
    { route: 'semantic', reference: 'Adani Enterprises', period: 'any', search_text: 'announcements' },
  ],
  ['What did the CEO of Infosys say about AI?', { route: 'semantic', reference: 'Infosys', search_text: 'CEO AI' }],
  ['Why did Paytm shares fall?', { route: 'semantic', reference: 'Paytm', search_text: 'fall' }],
  ['Why are cement stocks falling?', { route: 'semantic', search_text: 'cement falling' }],
  [
    'What did Infosys say about attrition as of 1 June 2023?',
    { route: 'semantic', reference: 'Infosys', ...asOf('2023-06-01'), search_text: 'attrition' },
  ],
  ['', { route: 'semantic' }],
  ['Hello', { route: 'semantic' }],
];

const HYBRID: readonly PlanRow[] = [
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

describe('planQuestion: narrative questions (semantic)', () => {
  itPlansEach(SEMANTIC, { today: TODAY }, '%j');
});

describe('planQuestion: facts and the documents that explain them (hybrid)', () => {
  itPlansEach(HYBRID);

  it('notes the search text it built', () => {
    expect(planQuestion("Why did ACC's profit fall in Q3 FY25?").notes).toEqual([
      'route: hybrid',
      'reference: "ACC" as written; resolved later by search',
      'period: Q3 FY2025',
      'search_text: "profit fall"',
    ]);
  });
});
