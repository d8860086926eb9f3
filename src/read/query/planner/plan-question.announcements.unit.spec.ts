import { describe, expect, it } from 'vitest';
import { between, inYear, itPlansEach, type PlanRow } from '../../../../test/support/plan-question.ts';
import { planQuestion } from './plan-question.ts';

// Disclosure events: the event type named and the month, year or range of days; the company is never an event word ("PIT", "Credit", "Press").

// Insider trading, SAST, board meetings, AGMs, dividends, corporate actions, ratings, press releases, presentations, management changes, orders, allotments
const ANNOUNCEMENTS: readonly PlanRow[] = [
  [
    'Insider trading disclosures by Yes Bank insiders in June 2020',
    {
      route: 'semantic',
      reference: 'Yes Bank',
      search_text: 'Insider trading disclosures insiders',
      event_types: ['insider_trading'],
      ...between('2020-06-01', '2020-06-30'),
    },
  ],
  [
    'PIT disclosures of Infosys in July 2020',
    {
      route: 'semantic',
      reference: 'Infosys',
      search_text: 'PIT disclosures',
      event_types: ['insider_trading'],
      ...between('2020-07-01', '2020-07-31'),
    },
  ],
  [
    'SAST disclosures for Reliance Industries in 2020',
    {
      route: 'semantic',
      reference: 'Reliance Industries',
      search_text: 'SAST disclosures',
      event_types: ['substantial_acquisition'],
      ...inYear(2020),
    },
  ],
  [
    'Board meeting of Infosys in October 2024',
    {
      route: 'semantic',
      reference: 'Infosys',
      search_text: 'Board meeting',
      event_types: ['board_meeting'],
      ...between('2024-10-01', '2024-10-31'),
    },
  ],
  [
    "When is TCS's next board meeting?",
    { route: 'semantic', reference: 'TCS', search_text: 'next board meeting', event_types: ['board_meeting'] },
  ],
  [
    'Dividend announced by ITC in 2024',
    { route: 'semantic', reference: 'ITC', search_text: 'Dividend announced', event_types: ['dividend'], ...inYear(2024) },
  ],
  [
    'Did Reliance declare a bonus issue in 2017?',
    { route: 'semantic', reference: 'Reliance', search_text: 'declare bonus issue', event_types: ['corporate_action'], ...inYear(2017) },
  ],
  [
    'Stock split announcements by Bajaj Finance',
    { route: 'semantic', reference: 'Bajaj Finance', search_text: 'split announcements', event_types: ['corporate_action'] },
  ],
  [
    'Credit rating upgrades of Bajaj Finance in August 2021',
    {
      route: 'semantic',
      reference: 'Bajaj Finance',
      search_text: 'Credit rating upgrades',
      event_types: ['credit_rating'],
      ...between('2021-08-01', '2021-08-31'),
    },
  ],
  [
    'Press releases of L&T Technology Services in July 2025',
    {
      route: 'semantic',
      reference: 'L&T Technology Services',
      search_text: 'Press releases',
      event_types: ['press_release'],
      ...between('2025-07-01', '2025-07-31'),
    },
  ],
  [
    'Investor presentations of Infosys in 2024',
    {
      route: 'semantic',
      reference: 'Infosys',
      search_text: 'Investor presentations',
      event_types: ['investor_presentation'],
      ...inYear(2024),
    },
  ],
  [
    'Management changes at HDFC Bank in 2024',
    { route: 'semantic', reference: 'HDFC Bank', event_types: ['change_in_management'], ...inYear(2024) },
  ],
  [
    'Resignation of directors at Yes Bank in 2020',
    {
      route: 'semantic',
      reference: 'Yes Bank',
      search_text: 'Resignation directors',
      event_types: ['change_in_management'],
      ...inYear(2020),
    },
  ],
  [
    'Order wins announced by Larsen & Toubro in January 2025',
    {
      route: 'semantic',
      reference: 'Larsen & Toubro',
      search_text: 'Order wins announced',
      event_types: ['order_or_contract'],
      ...between('2025-01-01', '2025-01-31'),
    },
  ],
  [
    'Newspaper publications of ACC in August 2021',
    {
      route: 'semantic',
      reference: 'ACC',
      search_text: 'Newspaper publications',
      event_types: ['newspaper_publication'],
      ...between('2021-08-01', '2021-08-31'),
    },
  ],
  [
    'Allotment of shares by Infosys in August 2025',
    {
      route: 'semantic',
      reference: 'Infosys',
      search_text: 'Allotment',
      event_types: ['securities_issue'],
      ...between('2025-08-01', '2025-08-31'),
    },
  ],
  [
    'Analyst meet intimations of TCS between 1 January 2025 and 31 March 2025',
    {
      route: 'semantic',
      reference: 'TCS',
      search_text: 'Analyst meet intimations',
      event_types: ['earnings_call'],
      ...between('2025-01-01', '2025-03-31'),
    },
  ],
  [
    'AGM of Infosys in June 2024',
    { route: 'semantic', reference: 'Infosys', search_text: 'AGM', event_types: ['agm_egm'], ...between('2024-06-01', '2024-06-30') },
  ],
  [
    'Insider trades at Emami after 1 July 2020',
    { route: 'semantic', reference: 'Emami', search_text: 'Insider trades', event_types: ['insider_trading'], date_from: '2020-07-02' },
  ],
  [
    'Scheme of amalgamation announcements by HDFC Bank in 2022',
    {
      route: 'semantic',
      reference: 'HDFC Bank',
      search_text: 'Scheme amalgamation announcements',
      event_types: ['scheme_of_arrangement'],
      ...inYear(2022),
    },
  ],
  [
    'Record date for TCS dividend in January 2025',
    {
      route: 'semantic',
      reference: 'TCS',
      search_text: 'Record dividend',
      // "record date" names a corporate action's date, "dividend" the disclosure: both are read.
      event_types: ['corporate_action', 'dividend'],
      ...between('2025-01-01', '2025-01-31'),
    },
  ],
  [
    'Did HDFC Bank promoters buy shares in May 2020?',
    {
      route: 'semantic',
      reference: 'HDFC Bank',
      search_text: 'promoters buy',
      event_types: ['insider_trading'],
      ...between('2020-05-01', '2020-05-31'),
    },
  ],
  [
    'Did Emami promoters sell shares in June 2020?',
    {
      route: 'semantic',
      reference: 'Emami',
      search_text: 'promoters sell',
      event_types: ['insider_trading'],
      ...between('2020-06-01', '2020-06-30'),
    },
  ],
  [
    'Shares sold by promoters of Yes Bank in 2020',
    { route: 'semantic', reference: 'Yes Bank', search_text: 'sold promoters', event_types: ['insider_trading'], ...inYear(2020) },
  ],
  [
    'Have Infosys directors sold shares since January 2025?',
    { route: 'semantic', reference: 'Infosys', search_text: 'directors sold', event_types: ['insider_trading'], date_from: '2025-01-01' },
  ],
  // Every disclosure in a window: no type named, the days kept (event_types stays empty).
  [
    'What did ACC announce in August 2021?',
    { route: 'semantic', reference: 'ACC', search_text: 'announce', ...between('2021-08-01', '2021-08-31') },
  ],
  ['ACC announcements in 2023', { route: 'semantic', reference: 'ACC', search_text: 'announcements', ...inYear(2023) }],
  [
    'what did tcs disclose in january 2024',
    { route: 'semantic', reference: 'tcs', search_text: 'disclose', ...between('2024-01-01', '2024-01-31') },
  ],
  [
    'Reliance disclosures between 1 June 2024 and 30 June 2024',
    { route: 'semantic', reference: 'Reliance', search_text: 'disclosures', ...between('2024-06-01', '2024-06-30') },
  ],
  ['Show ACC filings from March 2024', { route: 'semantic', reference: 'ACC', search_text: 'filings', date_from: '2024-03-01' }],
  // A topic, or figures, keep the search or the facts: no window is read from their year.
  ['What did ACC say about capacity expansion in 2023?', { route: 'semantic', reference: 'ACC', search_text: 'capacity expansion' }],
  ['ACC revenue as filed in FY2023', { route: 'exact', reference: 'ACC', concepts: ['Revenue'], fiscal_year: 2023 }],
  ['ACC announcements', { route: 'semantic', reference: 'ACC', search_text: 'announcements' }],
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

describe('planQuestion: announcements by type and month', () => {
  itPlansEach([...ANNOUNCEMENTS, ...EVENTS]);

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
