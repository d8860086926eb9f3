import { describe } from 'vitest';
import { between, inYear, itPlansEach, type PlanRow, quarter, quarterEnd } from '../../../../test/support/plan-question.ts';

// Company references as users type them: lower case, misspellings, Indian abbreviations, BSE codes, ISINs and NSE symbols, all kept as written for resolution to rank candidates.

// Lower case, misspelt and abbreviated names
const NAMES: readonly PlanRow[] = [
  ['infosys net profit q3 fy25', { route: 'exact', reference: 'infosys', concepts: ['ProfitAfterTax'], ...quarter(2025, 3) }],
  ['reliance industries ebitda fy24', { route: 'exact', reference: 'reliance industries', concepts: ['ebitda'], fiscal_year: 2024 }],
  ['acc revenue december quarter fy25', { route: 'exact', reference: 'acc', concepts: ['Revenue'], ...quarter(2025, 3) }],
  ['hdfc bank roe fy24', { route: 'exact', reference: 'hdfc bank', concepts: ['return_on_equity'], fiscal_year: 2024 }],
  [
    'bajaj finance total assets at 31 march 2024',
    { route: 'exact', reference: 'bajaj finance', concepts: ['TotalAssets'], ...quarterEnd(2024, 4) },
  ],
  ['infosis revenue FY24', { route: 'exact', reference: 'infosis', concepts: ['Revenue'], fiscal_year: 2024 }],
  [
    'Relaince Industries net profit FY24',
    { route: 'exact', reference: 'Relaince Industries', concepts: ['ProfitAfterTax'], fiscal_year: 2024 },
  ],
  ['Bajaj Finace PAT Q2 FY25', { route: 'exact', reference: 'Bajaj Finace', concepts: ['ProfitAfterTax'], ...quarter(2025, 2) }],
  ['HDFC Bnak net profit FY24', { route: 'exact', reference: 'HDFC Bnak', concepts: ['ProfitAfterTax'], fiscal_year: 2024 }],
  [
    'Tata Consultancy Servies revenue FY2024',
    { route: 'exact', reference: 'Tata Consultancy Servies', concepts: ['Revenue'], fiscal_year: 2024 },
  ],
  ['HUL net profit Q3 FY25', { route: 'exact', reference: 'HUL', concepts: ['ProfitAfterTax'], ...quarter(2025, 3) }],
  ['SBI total assets at 31 March 2024', { route: 'exact', reference: 'SBI', concepts: ['TotalAssets'], ...quarterEnd(2024, 4) }],
  ['RIL net profit FY 2023-24', { route: 'exact', reference: 'RIL', concepts: ['ProfitAfterTax'], fiscal_year: 2024 }],
  ['L&T revenue Q3FY25', { route: 'exact', reference: 'L&T', concepts: ['Revenue'], ...quarter(2025, 3) }],
  ['M&M EBITDA FY24', { route: 'exact', reference: 'M&M', concepts: ['ebitda'], fiscal_year: 2024 }],
  ['Infy net margin FY2024', { route: 'exact', reference: 'Infy', concepts: ['net_margin'], fiscal_year: 2024 }],
  [
    'HDFC Bank vs SBI net profit FY24',
    { route: 'exact', reference: 'HDFC Bank', references: ['HDFC Bank', 'SBI'], concepts: ['ProfitAfterTax'], fiscal_year: 2024 },
  ],
  ['HUL vs ITC revenue FY2024', { route: 'exact', reference: 'HUL', references: ['HUL', 'ITC'], concepts: ['Revenue'], fiscal_year: 2024 }],
];

// ISINs, BSE codes and NSE symbols
const IDENTIFIERS: readonly PlanRow[] = [
  ['INE467B01029 revenue Q3 FY25', { route: 'exact', reference: 'INE467B01029', concepts: ['Revenue'], ...quarter(2025, 3) }],
  ['BSE:532540 net profit FY24', { route: 'exact', reference: 'BSE:532540', concepts: ['ProfitAfterTax'], fiscal_year: 2024 }],
  ['532174 revenue FY2024', { route: 'exact', reference: '532174', concepts: ['Revenue'], fiscal_year: 2024 }],
  ['Promoter holding of INE040A01034', { route: 'exact', reference: 'INE040A01034', concepts: ['promoter_pct'] }],
  ['What is BSE:500180 trading at?', { route: 'quote', reference: 'BSE:500180' }],
  ['NSE:BAJFINANCE net profit Q2 FY25', { route: 'exact', reference: 'NSE:BAJFINANCE', concepts: ['ProfitAfterTax'], ...quarter(2025, 2) }],
  ['Net margin of NSE:INFY in FY24', { route: 'exact', reference: 'NSE:INFY', concepts: ['net_margin'], fiscal_year: 2024 }],
  [
    'INE009A01021 insider trading in July 2020',
    {
      route: 'semantic',
      reference: 'INE009A01021',
      search_text: 'insider trading',
      event_types: ['insider_trading'],
      ...between('2020-07-01', '2020-07-31'),
    },
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

describe('planQuestion: company names, abbreviations and identifiers', () => {
  itPlansEach([...NAMES, ...IDENTIFIERS, ...REFERENCES]);
});
