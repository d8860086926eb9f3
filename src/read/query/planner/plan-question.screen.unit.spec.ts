import { describe, expect, it } from 'vitest';
import { asOf, complete, itPlansEach, type PlanRow, TODAY, where } from '../../../../test/support/plan-question.ts';
import { planQuestion } from './plan-question.ts';

// Screen values are in the metric's unit: ratios and growth 0.2 for 20%, ownership 20
// for 20%, market cap in rupees, price in rupees per share.

// Planned without a today; a row may end with the number of companies the question ranks.
const SCREENS: ReadonlyArray<readonly [...PlanRow, limit?: number]> = [
  [
    'companies with ROE above 20% and debt to equity below 0.5',
    {
      route: 'hybrid_screen',
      concepts: ['return_on_equity', 'debt_to_equity'],
      filters: [where('return_on_equity', '>', '0.2'), where('debt_to_equity', '<', '0.5')],
    },
  ],
  ['top 10 by market cap', { route: 'hybrid_screen', sort: '-market_cap' }, 10],
  ['Top 5 companies by ROE', { route: 'hybrid_screen', concepts: ['return_on_equity'], sort: '-return_on_equity' }, 5],
  [
    'Which companies have promoter holding above 50% and market cap over 1 lakh crore?',
    {
      route: 'hybrid_screen',
      concepts: ['promoter_pct'],
      filters: [where('promoter_pct', '>', '50'), where('market_cap', '>', '1000000000000')],
    },
  ],
  [
    'Stocks with net margin at least 15% and revenue growth more than 10%',
    {
      route: 'hybrid_screen',
      concepts: ['net_margin', 'Revenue_growth'],
      filters: [where('net_margin', '>=', '0.15'), where('Revenue_growth', '>', '0.1')],
    },
  ],
  [
    'Companies with market cap between 10,000 crore and 50,000 crore',
    { route: 'hybrid_screen', filters: [where('market_cap', '>=', '100000000000'), where('market_cap', '<=', '500000000000')] },
  ],
  ['lowest debt to equity companies', { route: 'hybrid_screen', concepts: ['debt_to_equity'], sort: 'debt_to_equity' }],
  ['5 largest companies', { route: 'hybrid_screen', sort: '-market_cap' }, 5],
  [
    'Companies with FII holding above 20% and pledged shares below 5%',
    {
      route: 'hybrid_screen',
      concepts: ['fii_pct', 'pledged_pct'],
      filters: [where('fii_pct', '>', '20'), where('pledged_pct', '<', '5')],
    },
  ],
  [
    'Stocks with price below Rs 100 and ROE above 15',
    {
      route: 'hybrid_screen',
      concepts: ['return_on_equity'],
      filters: [where('price', '<', '100'), where('return_on_equity', '>', '0.15')],
    },
  ],
  ['Stocks with price above Rs 1 lakh', { route: 'hybrid_screen', filters: [where('price', '>', '100000')] }],
  ['Companies with revenue above 1 lakh crore', { route: 'hybrid_screen', concepts: ['Revenue'] }],
  ['Top 10 IT companies by net profit margin', { route: 'hybrid_screen', concepts: ['net_margin'], sort: '-net_margin' }, 10],
  [
    'Companies with interest coverage above 3x and EBITDA margin above 20% sorted by ROE',
    {
      route: 'hybrid_screen',
      concepts: ['interest_coverage', 'ebitda_margin', 'return_on_equity'],
      filters: [where('interest_coverage', '>', '3'), where('ebitda_margin', '>', '0.2')],
      sort: '-return_on_equity',
    },
  ],
  ['bottom 5 by revenue growth', { route: 'hybrid_screen', concepts: ['Revenue_growth'], sort: 'Revenue_growth' }, 5],
  [
    'Companies with promoter pledge below 10% as of 1 June 2023',
    { route: 'hybrid_screen', concepts: ['pledged_pct'], ...asOf('2023-06-01'), filters: [where('pledged_pct', '<', '10')] },
  ],
  [
    'Companies with mutual fund holding of at least 10% and ROA above 0.1',
    {
      route: 'hybrid_screen',
      concepts: ['mutual_fund_pct', 'return_on_assets'],
      filters: [where('mutual_fund_pct', '>=', '10'), where('return_on_assets', '>', '0.1')],
    },
  ],
  [
    'Top twenty companies with the highest EPS growth',
    { route: 'hybrid_screen', concepts: ['BasicEarningsPerShare_growth'], sort: '-BasicEarningsPerShare_growth' },
    20,
  ],
];

// Ratios in percent ("15%", 15, 15 per cent) as fractions, ownership in percent, market cap in crore, rankings; planned with today fixed
const THRESHOLDS: readonly PlanRow[] = [
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

describe('planQuestion: companies found by numeric predicates (hybrid_screen)', () => {
  const cases = SCREENS.map(([question, expected, limit]) => ({ question, expected, limit }));
  it.each(cases)('$question', ({ question, expected, limit }) => {
    const output = planQuestion(question);
    expect(output.plan).toEqual(complete(expected));
    expect(output.limit).toBe(limit);
    if (limit !== undefined) expect(output.notes).toContain(`limit: ${limit} companies (the plan has no limit field)`);
  });

  itPlansEach(THRESHOLDS);

  it('"which 10 companies have the highest net margin" ranks 10', () => {
    expect(planQuestion('Which 10 companies have the highest net margin?', { today: TODAY }).limit).toBe(10);
  });

  it('uses no company for a screen, and says so', () => {
    const { plan, notes } = planQuestion('HDFC Bank and other companies with ROE above 15%');
    expect(plan.reference).toBeNull();
    expect(notes).toContain('"HDFC Bank" not used: a screen covers all companies');
    // A kind of company is no company at all: "Tata group companies", "IT stocks".
    expect(planQuestion('Tata group companies with ROE above 15%').plan.reference).toBeNull();
  });

  it('leaves out what the whitelist cannot screen, and says why', () => {
    expect(planQuestion('Companies with revenue above 1 lakh crore').notes).toContain(
      '"revenue > 1 lakh crore" left out: Revenue is not screenable; only ratios, growth, ownership percentages, price and market_cap can screen companies (list_screen_metrics)',
    );
  });
});
