import { describe, expect, it } from 'vitest';
import { asOf, between, inYear, itPlansEach, type PlanRow, quarter } from '../../../../test/support/plan-question.ts';
import { planQuestion } from './plan-question.ts';

// Ownership fields go to the exact route; the shareholding patterns answer them.
const OWNERSHIP: readonly PlanRow[] = [
  [
    'What is the promoter holding of TCS as of 1 May 2024?',
    { route: 'exact', reference: 'TCS', concepts: ['promoter_pct'], ...asOf('2024-05-01') },
  ],
  [
    'Promoter stake in Reliance Industries as at 30 June 2024',
    { route: 'exact', reference: 'Reliance Industries', concepts: ['promoter_pct'], ...asOf('2024-06-30') },
  ],
  ['FII holding of HDFC Bank in Q4 FY24', { route: 'exact', reference: 'HDFC Bank', concepts: ['fii_pct'], ...quarter(2024, 4) }],
  ['How much do mutual funds own in Infosys?', { route: 'exact', reference: 'Infosys', concepts: ['mutual_fund_pct'] }],
  ['What is the latest DII shareholding of ACC?', { route: 'exact', reference: 'ACC', concepts: ['dii_pct'], period: 'instant' }],
  [
    'Public shareholding of Bajaj Finance for the quarter ended 31 December 2024',
    { route: 'exact', reference: 'Bajaj Finance', concepts: ['public_pct'], ...quarter(2025, 3) },
  ],
  ['Pledged promoter shares of Adani Ports', { route: 'exact', reference: 'Adani Ports', concepts: ['pledged_pct'] }],
  [
    'Promoter and FII holding of Infosys as of 15 Jan 2025',
    { route: 'exact', reference: 'Infosys', concepts: ['promoter_pct', 'fii_pct'], ...asOf('2025-01-15') },
  ],
];

// Event questions: the event types named and the window of days; other text stays the search text.
const EVENTS: readonly PlanRow[] = [
  [
    'Did any Yes Bank insiders disclose trades in July 2020?',
    {
      route: 'semantic',
      reference: 'Yes Bank',
      search_text: 'insiders disclose trades',
      event_types: ['insider_trading'],
      ...between('2020-07-01', '2020-07-31'),
    },
  ],
  [
    'Insider trading disclosures of HDFC Bank between 1 April 2020 and 31 July 2020',
    {
      route: 'semantic',
      reference: 'HDFC Bank',
      search_text: 'Insider trading disclosures',
      event_types: ['insider_trading'],
      ...between('2020-04-01', '2020-07-31'),
    },
  ],
  [
    'Show Wipro insider trades in 2020',
    { route: 'semantic', reference: 'Wipro', search_text: 'insider trades', event_types: ['insider_trading'], ...inYear(2020) },
  ],
  [
    'Any insider selling at Emami since June 2020?',
    { route: 'semantic', reference: 'Emami', search_text: 'insider selling', event_types: ['insider_trading'], date_from: '2020-06-01' },
  ],
  [
    'HDFC Bank dividends since 2020',
    { route: 'semantic', reference: 'HDFC Bank', search_text: 'dividends', event_types: ['dividend'], date_from: '2020-01-01' },
  ],
  [
    'Board meetings of ACC in January 2025',
    {
      route: 'semantic',
      reference: 'ACC',
      search_text: 'Board meetings',
      event_types: ['board_meeting'],
      ...between('2025-01-01', '2025-01-31'),
    },
  ],
  [
    'When did Infosys announce its dividend in 2024?',
    { route: 'semantic', reference: 'Infosys', search_text: 'announce dividend', event_types: ['dividend'], ...inYear(2024) },
  ],
  [
    'List credit rating actions on Bajaj Finance in 2024',
    {
      route: 'semantic',
      reference: 'Bajaj Finance',
      search_text: 'credit rating actions',
      event_types: ['credit_rating'],
      ...inYear(2024),
    },
  ],
  [
    'AGM notices of Reliance Industries before 2022',
    { route: 'semantic', reference: 'Reliance Industries', search_text: 'AGM notices', event_types: ['agm_egm'], date_to: '2021-12-31' },
  ],
  [
    'Did Larsen & Toubro Infotech report insider dealings in May 2020?',
    {
      route: 'semantic',
      reference: 'Larsen & Toubro Infotech',
      search_text: 'insider dealings',
      event_types: ['insider_trading'],
      ...between('2020-05-01', '2020-05-31'),
    },
  ],
  [
    'Show TCS board meeting intimations from October 2024 to January 2025',
    {
      route: 'semantic',
      reference: 'TCS',
      search_text: 'board meeting intimations',
      event_types: ['board_meeting'],
      ...between('2024-10-01', '2025-01-31'),
    },
  ],
  [
    'Any acquisitions announced by Tata Steel in 2023?',
    { route: 'semantic', reference: 'Tata Steel', search_text: 'acquisitions announced', event_types: ['acquisition'], ...inYear(2023) },
  ],
  [
    'Earnings call transcripts of Infosys in 2024',
    { route: 'semantic', reference: 'Infosys', search_text: 'Earnings call transcripts', event_types: ['earnings_call'], ...inYear(2024) },
  ],
];

describe('planQuestion: ownership questions', () => {
  itPlansEach(OWNERSHIP);
});

describe('planQuestion: disclosure events with their type and dates', () => {
  itPlansEach(EVENTS);

  it('notes the event types and the window it read', () => {
    expect(planQuestion('Did any Yes Bank insiders disclose trades in July 2020?').notes).toEqual([
      'route: semantic',
      'reference: "Yes Bank" as written; resolved later by search',
      'search_text: "insiders disclose trades"',
      'event_types: insider_trading',
      'events from 2020-07-01 to 2020-07-31',
    ]);
  });

  it('reads no window without an event type: "revenue in 2023" stays a noted calendar year', () => {
    const { plan } = planQuestion('TCS revenue in 2023');
    expect([plan.event_types, plan.date_from, plan.date_to]).toEqual([[], null, null]);
  });
});
