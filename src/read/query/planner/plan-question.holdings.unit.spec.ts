import { describe } from 'vitest';
import { asOf, itPlansEach, type PlanRow, quarter } from '../../../../test/support/plan-question.ts';

// Shareholding questions (promoter, FII, DII, mutual fund, public, pledges) go to the exact route.

// Ownership fields by quarter, as-of date, lower case and identifier
const HOLDINGS: readonly PlanRow[] = [
  ['What is the promoter shareholding in HDFC Bank?', { route: 'exact', reference: 'HDFC Bank', concepts: ['promoter_pct'] }],
  [
    'Promoter holding of Reliance Industries in Q3 FY25',
    { route: 'exact', reference: 'Reliance Industries', concepts: ['promoter_pct'], ...quarter(2025, 3) },
  ],
  [
    'How much of TCS do FIIs own as of 31 December 2024?',
    { route: 'exact', reference: 'TCS', concepts: ['fii_pct'], ...asOf('2024-12-31') },
  ],
  [
    'Foreign institutional holding in Infosys as on 30 September 2024',
    { route: 'exact', reference: 'Infosys', concepts: ['fii_pct'], ...asOf('2024-09-30') },
  ],
  ['ACC promoter pledge as of 1 January 2025', { route: 'exact', reference: 'ACC', concepts: ['pledged_pct'], ...asOf('2025-01-01') }],
  [
    'Mutual fund holding in ACC in the December 2024 quarter',
    { route: 'exact', reference: 'ACC', concepts: ['mutual_fund_pct'], ...quarter(2025, 3) },
  ],
  ['What percentage of Reliance is held by the public?', { route: 'exact', reference: 'Reliance', concepts: ['public_pct'] }],
  ['DII stake in HDFC Bank for Q2FY25', { route: 'exact', reference: 'HDFC Bank', concepts: ['dii_pct'], ...quarter(2025, 2) }],
  ['promoter holding of tcs', { route: 'exact', reference: 'tcs', concepts: ['promoter_pct'] }],
  [
    'Promoter holding of HCL Technologies as of 1 October 2024',
    { route: 'exact', reference: 'HCL Technologies', concepts: ['promoter_pct'], ...asOf('2024-10-01') },
  ],
  [
    'Public float of HDFC Bank as of 31 December 2024',
    { route: 'exact', reference: 'HDFC Bank', concepts: ['public_pct'], ...asOf('2024-12-31') },
  ],
  ['Promoter pledge in Bajaj Finance', { route: 'exact', reference: 'Bajaj Finance', concepts: ['pledged_pct'] }],
  // A month with its year and no day is the quarter it falls in, never left for the latest pattern.
  ['FII stake in ICICI Bank as of September 2023', { route: 'exact', reference: 'ICICI Bank', concepts: ['fii_pct'], ...quarter(2024, 2) }],
  ['Public shareholding of Wipro in June 2022', { route: 'exact', reference: 'Wipro', concepts: ['public_pct'], ...quarter(2023, 1) }],
  ['mutual fund stake in Titan for Nov 2024', { route: 'exact', reference: 'Titan', concepts: ['mutual_fund_pct'], ...quarter(2025, 3) }],
  ['Did the promoters of Emami increase their stake?', { route: 'exact', reference: 'Emami', concepts: ['promoter_pct'] }],
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
  // institutions: foreign and domestic, each its own field
  ['Institutional holding of Bajaj Finance', { route: 'exact', reference: 'Bajaj Finance', concepts: ['fii_pct', 'dii_pct'] }],
  ['How much do institutions own in TCS?', { route: 'exact', reference: 'TCS', concepts: ['fii_pct', 'dii_pct'] }],
  [
    'Institutional shareholding in HDFC Bank as of 31 December 2024',
    { route: 'exact', reference: 'HDFC Bank', concepts: ['fii_pct', 'dii_pct'], ...asOf('2024-12-31') },
  ],
  [
    'Promoter and FII holding of Infosys as of 15 Jan 2025',
    { route: 'exact', reference: 'Infosys', concepts: ['promoter_pct', 'fii_pct'], ...asOf('2025-01-15') },
  ],
];

describe('planQuestion: shareholding and pledges', () => {
  itPlansEach(HOLDINGS);
});
