import { describe, expect, it } from 'vitest';
import { complete, itPlansEach, type PlanRow } from '../../../../test/support/plan-question.ts';
import { planQuestion } from './plan-question.ts';

// Amounts are rupees after crore/lakh are multiplied out; ratios are pure (20% = 0.2).

// Planned without a today
const CASES: readonly PlanRow[] = [
  [
    'Show quarters where TCS revenue exceeded 60,000 crore',
    {
      route: 'filter',
      reference: 'TCS',
      concepts: ['Revenue'],
      period: 'quarterly',
      condition: { operator: '>', value: '600000000000', unit: 'INR' },
    },
  ],
  [
    'Years in which Infosys net profit was above Rs 20,000 cr',
    {
      route: 'filter',
      reference: 'Infosys',
      concepts: ['ProfitAfterTax'],
      condition: { operator: '>', value: '200000000000', unit: 'INR' },
    },
  ],
  [
    'In which quarters of FY24 did TCS revenue exceed 1.5 lakh crore?',
    {
      route: 'filter',
      reference: 'TCS',
      concepts: ['Revenue'],
      fiscal_year: 2024,
      period: 'quarterly',
      condition: { operator: '>', value: '1500000000000', unit: 'INR' },
    },
  ],
  [
    'Quarters where ITC PAT crossed ₹5,000 crore standalone',
    {
      route: 'filter',
      reference: 'ITC',
      concepts: ['ProfitAfterTax'],
      period: 'quarterly',
      basis: 'standalone',
      condition: { operator: '>', value: '50000000000', unit: 'INR' },
    },
  ],
  [
    'Quarters where Nestle India total income was at most 5000 crore',
    {
      route: 'filter',
      reference: 'Nestle India',
      concepts: ['TotalIncome'],
      period: 'quarterly',
      condition: { operator: '<=', value: '50000000000', unit: 'INR' },
    },
  ],
  [
    'Years where Bajaj Auto borrowings were less than INR 50 lakh',
    { route: 'filter', reference: 'Bajaj Auto', concepts: ['Borrowings'], condition: { operator: '<', value: '5000000', unit: 'INR' } },
  ],
  [
    "Quarters when HUL's EBITDA margin was at least 23%",
    {
      route: 'filter',
      reference: 'HUL',
      concepts: ['ebitda_margin'],
      period: 'quarterly',
      condition: { operator: '>=', value: '0.23', unit: 'ratio' },
    },
  ],
  [
    'Periods where Reliance revenue growth was below 5%',
    { route: 'filter', reference: 'Reliance', concepts: ['Revenue_growth'], condition: { operator: '<', value: '0.05', unit: 'ratio' } },
  ],
  [
    "When did Wipro's debt to equity exceed 0.5?",
    { route: 'filter', reference: 'Wipro', concepts: ['debt_to_equity'], condition: { operator: '>', value: '0.5', unit: 'ratio' } },
  ],
  [
    'Years where Infosys ROE was above 25 on a standalone basis',
    {
      route: 'filter',
      reference: 'Infosys',
      concepts: ['return_on_equity'],
      basis: 'standalone',
      condition: { operator: '>', value: '0.25', unit: 'ratio' },
    },
  ],
  [
    'Years where Titan EPS was more than Rs 40',
    {
      route: 'filter',
      reference: 'Titan',
      concepts: ['BasicEarningsPerShare'],
      condition: { operator: '>', value: '40', unit: 'INR/share' },
    },
  ],
  [
    'Quarters where Tata Motors net profit was greater than 3,000 crore and revenue above 1 lakh crore',
    {
      route: 'filter',
      reference: 'Tata Motors',
      concepts: ['ProfitAfterTax', 'Revenue'],
      period: 'quarterly',
      condition: { operator: '>', value: '30000000000', unit: 'INR' },
    },
  ],
  [
    'Years where Coal India net margin was equal to 20%',
    { route: 'filter', reference: 'Coal India', concepts: ['net_margin'], condition: { operator: '=', value: '0.2', unit: 'ratio' } },
  ],
];

// Lakh / crore amounts, ratios written in percent or as bare numbers, multiples; planned with today fixed
const THRESHOLDS: readonly PlanRow[] = [
  // a range is a condition and a further one on the same value (the plan's `conditions` extension)
  [
    'Infosys quarters with revenue between 35,000 and 45,000 crore',
    {
      route: 'filter',
      reference: 'Infosys',
      concepts: ['Revenue'],
      period: 'quarterly',
      condition: { operator: '>=', value: '350000000000', unit: 'INR' },
      conditions: [{ operator: '<=', value: '450000000000', unit: 'INR' }],
    },
  ],
  [
    'Quarters where TCS net margin was above 15% and below 25%',
    {
      route: 'filter',
      reference: 'TCS',
      concepts: ['net_margin'],
      period: 'quarterly',
      condition: { operator: '>', value: '0.15', unit: 'ratio' },
      conditions: [{ operator: '<', value: '0.25', unit: 'ratio' }],
    },
  ],
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

describe("planQuestion: a company's periods meeting a condition (filter)", () => {
  itPlansEach(CASES, {});
  itPlansEach(THRESHOLDS);

  it('puts the condition metric first among the concepts, since a FactFilter names none', () => {
    expect(planQuestion('Quarters where TCS PAT and revenue: revenue above 60,000 crore').plan.concepts).toEqual([
      'Revenue',
      'ProfitAfterTax',
    ]);
  });

  it('keeps one condition and says why the others were left out', () => {
    const { notes } = planQuestion('Quarters where Tata Motors net profit was greater than 3,000 crore and revenue above 1 lakh crore');
    expect(notes).toContain('3,000 crore = 30000000000 rupees');
    expect(notes).toContain('condition: ProfitAfterTax > 30000000000 INR');
    expect(notes).toContain('condition "Revenue > 1 lakh crore" left out: a plan\'s conditions are on one value (ProfitAfterTax)');
  });

  it('states each comparison it does not apply as a gap, so the answer says so', () => {
    const { gaps } = planQuestion('Quarters where Tata Motors net profit was greater than 3,000 crore and revenue above 1 lakh crore');
    expect(gaps).toEqual([
      {
        kind: 'missing',
        subject: 'conditions',
        message: "The condition 'revenue > 1 lakh crore' is not applied: a plan's conditions are on one value (ProfitAfterTax).",
      },
    ]);
    expect(planQuestion('Quarters where Tata Motors net profit was above 3,000 crore').gaps).toEqual([]);
  });

  it('refuses a unit that cannot fit the metric instead of guessing', () => {
    const { plan, notes } = planQuestion('Years where Infosys revenue was above 20%');
    expect(plan).toEqual(complete({ route: 'exact', reference: 'Infosys', concepts: ['Revenue'] }));
    expect(notes).toContain('condition "Revenue > 20%" left out: 20% is not an amount of money, but Revenue is in INR');
  });
});
