import { describe } from 'vitest';
import { asOf, inYear, itPlansEach, type PlanRow } from '../../../../test/support/plan-question.ts';

// Dividends and corporate actions: the event types the executor answers from the corporate
// actions read model (docs/query.md), with the window the question names.
const CORPORATE_ACTIONS: readonly PlanRow[] = [
  ["When is ITC's next dividend?", { route: 'semantic', reference: 'ITC', search_text: 'next dividend', event_types: ['dividend'] }],
  [
    "When is ITC's next record date?",
    { route: 'semantic', reference: 'ITC', search_text: 'next record', event_types: ['corporate_action'] },
  ],
  [
    "What is the record date for ITC's dividend?",
    { route: 'semantic', reference: 'ITC', search_text: 'record dividend', event_types: ['corporate_action', 'dividend'] },
  ],
  [
    'Did Infosys announce a bonus or split?',
    { route: 'semantic', reference: 'Infosys', search_text: 'announce bonus split', event_types: ['corporate_action'] },
  ],
  [
    'Did HDFC Bank announce a bonus or split?',
    { route: 'semantic', reference: 'HDFC Bank', search_text: 'announce bonus split', event_types: ['corporate_action'] },
  ],
  [
    'Has Wipro done a split or bonus?',
    { route: 'semantic', reference: 'Wipro', search_text: 'split bonus', event_types: ['corporate_action'] },
  ],
  [
    'Did HDFC Bank split its shares?',
    { route: 'semantic', reference: 'HDFC Bank', search_text: 'split', event_types: ['corporate_action'] },
  ],
  ['dividend history of ITC', { route: 'semantic', reference: 'ITC', search_text: 'dividend', event_types: ['dividend'] }],
  ['dividend history of HDFC Bank', { route: 'semantic', reference: 'HDFC Bank', search_text: 'dividend', event_types: ['dividend'] }],
  [
    'corporate actions of Reliance in 2023',
    { route: 'semantic', reference: 'Reliance', search_text: 'actions', event_types: ['corporate_action'], ...inYear(2023) },
  ],
  [
    'corporate actions of HDFC Bank in 2012',
    { route: 'semantic', reference: 'HDFC Bank', search_text: 'actions', event_types: ['corporate_action'], ...inYear(2012) },
  ],
  [
    'HDFC Bank stock split in 2011',
    { route: 'semantic', reference: 'HDFC Bank', search_text: 'split', event_types: ['corporate_action'], ...inYear(2011) },
  ],
  [
    'Did HDFC Bank announce a bonus or split as of 1 January 2011?',
    {
      route: 'semantic',
      reference: 'HDFC Bank',
      search_text: 'announce bonus split',
      ...asOf('2011-01-01'),
      event_types: ['corporate_action'],
    },
  ],
  [
    "ex-date of HDFC Bank's split",
    { route: 'semantic', reference: 'HDFC Bank', search_text: 'ex-date split', event_types: ['corporate_action'] },
  ],
  [
    'Bharti Airtel stock split between 1 January 2009 and 31 December 2009',
    { route: 'semantic', reference: 'Bharti Airtel', search_text: 'split', event_types: ['corporate_action'], ...inYear(2009) },
  ],
];

// Market capitalisation and prices: the quote route; comparisons list every company.
const MARKET: readonly PlanRow[] = [
  ['TCS market cap', { route: 'quote', reference: 'TCS' }],
  ['What is the market capitalisation of Reliance?', { route: 'quote', reference: 'Reliance' }],
  ['ITC market capitalisation', { route: 'quote', reference: 'ITC' }],
  ['price of TCS vs Infosys', { route: 'quote', reference: 'TCS', references: ['TCS', 'Infosys'] }],
  ['Market cap of HDFC Bank and ICICI Bank', { route: 'quote', reference: 'HDFC Bank', references: ['HDFC Bank', 'ICICI Bank'] }],
];

describe('planQuestion: dividends and corporate actions', () => {
  itPlansEach(CORPORATE_ACTIONS);
});

describe('planQuestion: market capitalisation and quotes of several companies', () => {
  itPlansEach(MARKET);
});
