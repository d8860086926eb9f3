import { describe } from 'vitest';
import { asOf, itPlansEach, type PlanRow, quarter, TODAY } from '../../../../test/support/plan-question.ts';

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

describe('planQuestion: narrative questions (semantic)', () => {
  itPlansEach(SEMANTIC, { today: TODAY }, '%j');
});
