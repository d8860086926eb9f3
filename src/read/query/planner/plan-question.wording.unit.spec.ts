import { describe, expect, it } from 'vitest';
import { inYear, itPlansEach, type PlanRow, quarter, quarterEnd } from '../../../../test/support/plan-question.ts';
import { planQuestion } from './plan-question.ts';

// Quote phrasings: where a stock trades, what a share is worth, CMP; never "worth buying".
const QUOTES: readonly PlanRow[] = [
  ['Where is Infosys trading right now?', { route: 'quote', reference: 'Infosys' }],
  ['How much is one ITC share worth today?', { route: 'quote', reference: 'ITC' }],
  ["What's the CMP of SBI?", { route: 'quote', reference: 'SBI' }],
  ['RIL stock price today', { route: 'quote', reference: 'RIL' }],
  ["What is HDFC Bank's share price right now?", { route: 'quote', reference: 'HDFC Bank' }],
  ['Where is Tata Motors trading today?', { route: 'quote', reference: 'Tata Motors' }],
  ['What does a Reliance share cost now?', { route: 'quote', reference: 'Reliance' }],
  ['Latest traded price of NSE:INFY', { route: 'quote', reference: 'NSE:INFY' }],
  ['What is the current market price of BSE:500325?', { route: 'quote', reference: 'BSE:500325' }],
  ['Is ITC worth buying?', { route: 'semantic', reference: 'ITC', search_text: 'worth buying' }],
];

// Balance-sheet dates: the fiscal year and quarter the date ends, period instant.
const BALANCE_DATES: readonly PlanRow[] = [
  [
    'Hindustan Unilever cash and cash equivalents at 31 March 2024',
    { route: 'exact', reference: 'Hindustan Unilever', concepts: ['CashAndCashEquivalents'], ...quarterEnd(2024, 4) },
  ],
  [
    'HDFC Bank total assets at 31 March 2024',
    { route: 'exact', reference: 'HDFC Bank', concepts: ['TotalAssets'], ...quarterEnd(2024, 4) },
  ],
  [
    'Borrowings of Tata Steel at 30 September 2024',
    { route: 'exact', reference: 'Tata Steel', concepts: ['Borrowings'], ...quarterEnd(2025, 2) },
  ],
  [
    'Reliance Industries inventories on 31st March 2024',
    { route: 'exact', reference: 'Reliance Industries', concepts: ['Inventories'], ...quarterEnd(2024, 4) },
  ],
  [
    'What were TCS trade receivables at March 31, 2024?',
    { route: 'exact', reference: 'TCS', concepts: ['TradeReceivables'], ...quarterEnd(2024, 4) },
  ],
  [
    'Infosys total equity at the end of 30 September 2024',
    { route: 'exact', reference: 'Infosys', concepts: ['TotalEquity'], ...quarterEnd(2025, 2) },
  ],
  [
    'ACC goodwill at 31-03-2024 on a standalone basis',
    { route: 'exact', reference: 'ACC', concepts: ['Goodwill'], ...quarterEnd(2024, 4), basis: 'standalone' },
  ],
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
];

// Identifiers, abbreviations, lower case and misspellings: the reference as written, for search to resolve or offer candidates.
const REFERENCES: readonly PlanRow[] = [
  ['Revenue of INE002A01018 in FY24', { route: 'exact', reference: 'INE002A01018', concepts: ['Revenue'], fiscal_year: 2024 }],
  ['BSE:500325 net profit FY2024', { route: 'exact', reference: 'BSE:500325', concepts: ['ProfitAfterTax'], fiscal_year: 2024 }],
  ['500209 revenue Q3 FY25', { route: 'exact', reference: '500209', concepts: ['Revenue'], ...quarter(2025, 3) }],
  [
    'Net profit of ISIN INE467B01029 for FY24',
    { route: 'exact', reference: 'INE467B01029', concepts: ['ProfitAfterTax'], fiscal_year: 2024 },
  ],
  [
    'NSE:HDFCBANK total assets at 31 March 2024',
    { route: 'exact', reference: 'NSE:HDFCBANK', concepts: ['TotalAssets'], ...quarterEnd(2024, 4) },
  ],
  ['HUL revenue FY24', { route: 'exact', reference: 'HUL', concepts: ['Revenue'], fiscal_year: 2024 }],
  ['L&T net profit FY2024', { route: 'exact', reference: 'L&T', concepts: ['ProfitAfterTax'], fiscal_year: 2024 }],
  ['M&M revenue in Q3 FY25', { route: 'exact', reference: 'M&M', concepts: ['Revenue'], ...quarter(2025, 3) }],
  ['SBI net profit FY24', { route: 'exact', reference: 'SBI', concepts: ['ProfitAfterTax'], fiscal_year: 2024 }],
  ['RIL EBITDA margin FY24', { route: 'exact', reference: 'RIL', concepts: ['ebitda_margin'], fiscal_year: 2024 }],
  ['Infy revenue FY24', { route: 'exact', reference: 'Infy', concepts: ['Revenue'], fiscal_year: 2024 }],
  ['tcs revenue fy24', { route: 'exact', reference: 'tcs', concepts: ['Revenue'], fiscal_year: 2024 }],
  ['hdfc bank net profit fy24', { route: 'exact', reference: 'hdfc bank', concepts: ['ProfitAfterTax'], fiscal_year: 2024 }],
  ['reliance industreis revenue fy24', { route: 'exact', reference: 'reliance industreis', concepts: ['Revenue'], fiscal_year: 2024 }],
  ['infosys attrition', { route: 'semantic', reference: 'infosys', search_text: 'attrition' }],
  ['what is deleveraging', { route: 'semantic', search_text: 'deleveraging' }],
  ['explain dilution', { route: 'semantic', search_text: 'dilution' }],
  [
    'yes bank insider trades in 2020',
    { route: 'semantic', reference: 'yes bank', search_text: 'insider trades', event_types: ['insider_trading'], ...inYear(2020) },
  ],
  ['bajaj finanse net profit q2 fy25', { route: 'exact', reference: 'bajaj finanse', concepts: ['ProfitAfterTax'], ...quarter(2025, 2) }],
];

describe("planQuestion: analysts' wording", () => {
  itPlansEach([...QUOTES, ...BALANCE_DATES, ...DRIVERS, ...REFERENCES]);

  it('notes a balance-sheet date', () => {
    expect(planQuestion('Hindustan Unilever cash and cash equivalents at 31 March 2024').notes).toContain(
      'balance-sheet date read as at the end of Q4 FY2024',
    );
  });

  it('a date that is no quarter end is not a balance-sheet date', () => {
    const { plan } = planQuestion('HDFC Bank total assets at 15 March 2024');
    expect([plan.fiscal_year, plan.period]).toEqual([null, 'annual']);
  });
});
