import { describe, expect, it } from 'vitest';
import { itPlansEach, type PlanRow, TODAY, where } from '../../../../test/support/plan-question.ts';
import { planQuestion } from './plan-question.ts';

// Conditions on one company's periods (filter) and screens over companies: lakh / crore amounts, ratios written in percent or as bare numbers, multiples, rankings.

// A company's periods meeting a condition: the amount in rupees, a ratio as a fraction
const FILTERS: readonly PlanRow[] = [
  [
    'Quarters where Reliance revenue exceeded 2 lakh crore',
    {
      route: 'filter',
      reference: 'Reliance',
      concepts: ['Revenue'],
      period: 'quarterly',
      condition: { operator: '>', value: '2000000000000', unit: 'INR' },
    },
  ],
  [
    'Years in which TCS net profit was more than 40,000 crore',
    { route: 'filter', reference: 'TCS', concepts: ['ProfitAfterTax'], condition: { operator: '>', value: '400000000000', unit: 'INR' } },
  ],
  [
    'Quarters where ACC net profit fell below 200 cr',
    {
      route: 'filter',
      reference: 'ACC',
      concepts: ['ProfitAfterTax'],
      period: 'quarterly',
      condition: { operator: '<', value: '2000000000', unit: 'INR' },
    },
  ],
  [
    'Quarters when HDFC Bank net profit was at least Rs 15,000 crore',
    {
      route: 'filter',
      reference: 'HDFC Bank',
      concepts: ['ProfitAfterTax'],
      period: 'quarterly',
      condition: { operator: '>=', value: '150000000000', unit: 'INR' },
    },
  ],
  [
    'Bajaj Finance quarters with PAT above ₹3,500 crore',
    {
      route: 'filter',
      reference: 'Bajaj Finance',
      concepts: ['ProfitAfterTax'],
      period: 'quarterly',
      condition: { operator: '>', value: '35000000000', unit: 'INR' },
    },
  ],
  [
    'TCS quarters with net margin above 18%',
    {
      route: 'filter',
      reference: 'TCS',
      concepts: ['net_margin'],
      period: 'quarterly',
      condition: { operator: '>', value: '0.18', unit: 'ratio' },
    },
  ],
  [
    'Years where Infosys ROE was above 25 percent',
    { route: 'filter', reference: 'Infosys', concepts: ['return_on_equity'], condition: { operator: '>', value: '0.25', unit: 'ratio' } },
  ],
  [
    'Quarters where HDFC Bank total assets exceeded Rs 35 lakh crore',
    {
      route: 'filter',
      reference: 'HDFC Bank',
      concepts: ['TotalAssets'],
      period: 'quarterly',
      condition: { operator: '>', value: '35000000000000', unit: 'INR' },
    },
  ],
  [
    'Quarters in which Reliance EBITDA was more than 40,000 cr',
    {
      route: 'filter',
      reference: 'Reliance',
      concepts: ['ebitda'],
      period: 'quarterly',
      condition: { operator: '>', value: '400000000000', unit: 'INR' },
    },
  ],
  [
    'Periods when Bajaj Finance debt to equity was above 3x',
    { route: 'filter', reference: 'Bajaj Finance', concepts: ['debt_to_equity'], condition: { operator: '>', value: '3', unit: 'ratio' } },
  ],
  [
    'ACC quarters with revenue under 5,000 crore',
    {
      route: 'filter',
      reference: 'ACC',
      concepts: ['Revenue'],
      period: 'quarterly',
      condition: { operator: '<', value: '50000000000', unit: 'INR' },
    },
  ],
  [
    'Quarters where ACC standalone net profit was below 100 crore',
    {
      route: 'filter',
      reference: 'ACC',
      concepts: ['ProfitAfterTax'],
      period: 'quarterly',
      basis: 'standalone',
      condition: { operator: '<', value: '1000000000', unit: 'INR' },
    },
  ],
  [
    'Quarters where TCS EPS was above ₹30',
    {
      route: 'filter',
      reference: 'TCS',
      concepts: ['BasicEarningsPerShare'],
      period: 'quarterly',
      condition: { operator: '>', value: '30', unit: 'INR/share' },
    },
  ],
  [
    'Quarters where Bajaj Finance net profit was more than 50 lakh crore',
    {
      route: 'filter',
      reference: 'Bajaj Finance',
      concepts: ['ProfitAfterTax'],
      period: 'quarterly',
      condition: { operator: '>', value: '50000000000000', unit: 'INR' },
    },
  ],
];

// Screens over companies: ratios in percent ("15%", 15, 15 per cent) as fractions, ownership in percent, market cap in crore, rankings
const SCREENS: readonly PlanRow[] = [
  ['Companies with market cap above 5 lakh crore', { route: 'hybrid_screen', filters: [where('market_cap', '>', '5000000000000')] }],
  [
    'Stocks with market capitalisation over Rs 1,00,000 crore',
    { route: 'hybrid_screen', filters: [where('market_cap', '>', '1000000000000')] },
  ],
  [
    'Which companies have net margin above 15%?',
    { route: 'hybrid_screen', concepts: ['net_margin'], filters: [where('net_margin', '>', '0.15')] },
  ],
  [
    'Companies with ROE more than 20 percent and debt to equity below 0.5',
    {
      route: 'hybrid_screen',
      concepts: ['return_on_equity', 'debt_to_equity'],
      filters: [where('return_on_equity', '>', '0.2'), where('debt_to_equity', '<', '0.5')],
    },
  ],
  [
    'Stocks with operating margin of at least 25%',
    { route: 'hybrid_screen', concepts: ['ebit_margin'], filters: [where('ebit_margin', '>=', '0.25')] },
  ],
  [
    'Companies with revenue growth above 10% and net margin above 15',
    {
      route: 'hybrid_screen',
      concepts: ['Revenue_growth', 'net_margin'],
      filters: [where('Revenue_growth', '>', '0.1'), where('net_margin', '>', '0.15')],
    },
  ],
  ['Which 10 companies have the highest net margin?', { route: 'hybrid_screen', concepts: ['net_margin'], sort: '-net_margin' }],
  ['Lowest debt to equity companies', { route: 'hybrid_screen', concepts: ['debt_to_equity'], sort: 'debt_to_equity' }],
  [
    'Companies with interest coverage above 5x',
    { route: 'hybrid_screen', concepts: ['interest_coverage'], filters: [where('interest_coverage', '>', '5')] },
  ],
  ['Stocks trading below Rs 500', { route: 'hybrid_screen', filters: [where('price', '<', '500')] }],
  [
    'Companies with promoter holding above 50% and pledged shares below 5%',
    {
      route: 'hybrid_screen',
      concepts: ['promoter_pct', 'pledged_pct'],
      filters: [where('promoter_pct', '>', '50'), where('pledged_pct', '<', '5')],
    },
  ],
  [
    'Companies where FII holding exceeds 25 per cent',
    { route: 'hybrid_screen', concepts: ['fii_pct'], filters: [where('fii_pct', '>', '25')] },
  ],
  [
    'Companies with net profit margin above 20%',
    { route: 'hybrid_screen', concepts: ['net_margin'], filters: [where('net_margin', '>', '0.2')] },
  ],
  [
    'Stocks with ROE over 15 and ROA above 2 percent',
    {
      route: 'hybrid_screen',
      concepts: ['return_on_equity', 'return_on_assets'],
      filters: [where('return_on_equity', '>', '0.15'), where('return_on_assets', '>', '0.02')],
    },
  ],
  [
    'Which companies have EBITDA margin between 20% and 30%?',
    {
      route: 'hybrid_screen',
      concepts: ['ebitda_margin'],
      filters: [where('ebitda_margin', '>=', '0.2'), where('ebitda_margin', '<=', '0.3')],
    },
  ],
  [
    'Companies with revenue growth of more than 15 per cent in FY24',
    { route: 'hybrid_screen', concepts: ['Revenue_growth'], fiscal_year: 2024, filters: [where('Revenue_growth', '>', '0.15')] },
  ],
  [
    'Stocks with effective tax rate below 20%',
    { route: 'hybrid_screen', concepts: ['effective_tax_rate'], filters: [where('effective_tax_rate', '<', '0.2')] },
  ],
  [
    'Show companies with debt to equity less than 0.3',
    { route: 'hybrid_screen', concepts: ['debt_to_equity'], filters: [where('debt_to_equity', '<', '0.3')] },
  ],
  [
    'Companies with promoter holding above 70 per cent',
    { route: 'hybrid_screen', concepts: ['promoter_pct'], filters: [where('promoter_pct', '>', '70')] },
  ],
  [
    'Stocks where mutual fund holding is at least 10%',
    { route: 'hybrid_screen', concepts: ['mutual_fund_pct'], filters: [where('mutual_fund_pct', '>=', '10')] },
  ],
  [
    'Companies with public shareholding below 25%',
    { route: 'hybrid_screen', concepts: ['public_pct'], filters: [where('public_pct', '<', '25')] },
  ],
  ['Top 10 stocks by market cap', { route: 'hybrid_screen', sort: '-market_cap' }],
  ['5 largest companies by revenue growth', { route: 'hybrid_screen', concepts: ['Revenue_growth'], sort: '-Revenue_growth' }],
  ['Bottom 5 companies by net margin', { route: 'hybrid_screen', concepts: ['net_margin'], sort: 'net_margin' }],
  [
    'Companies with market cap between 50,000 crore and 1 lakh crore',
    { route: 'hybrid_screen', filters: [where('market_cap', '>=', '500000000000'), where('market_cap', '<=', '1000000000000')] },
  ],
  [
    'Stocks with price above Rs 1,000 and ROE above 18%',
    {
      route: 'hybrid_screen',
      concepts: ['return_on_equity'],
      filters: [where('price', '>', '1000'), where('return_on_equity', '>', '0.18')],
    },
  ],
  ['Companies with net_margin > 15', { route: 'hybrid_screen', concepts: ['net_margin'], filters: [where('net_margin', '>', '0.15')] }],
  ['Companies with net margin > 15%', { route: 'hybrid_screen', concepts: ['net_margin'], filters: [where('net_margin', '>', '0.15')] }],
  ['Companies with net profit above 10,000 crore', { route: 'hybrid_screen', concepts: ['ProfitAfterTax'] }],
];

describe('planQuestion: thresholds in lakh, crore and percent', () => {
  itPlansEach([...FILTERS, ...SCREENS]);
});

describe('planQuestion: the count of a ranking written apart', () => {
  it('"which 10 companies have the highest net margin" ranks 10', () => {
    expect(planQuestion('Which 10 companies have the highest net margin?', { today: TODAY }).limit).toBe(10);
  });
});
