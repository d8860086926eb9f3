import { describe, expect, it } from 'vitest';
import { asOf, itPlansEach, type PlanRow, quarter, TODAY } from '../../../../test/support/plan-question.ts';
import { planQuestion } from './plan-question.ts';

// One reported concept for one period over every company: the filter route with a `cross_section` step.

// no company, a whole-market word, a reported concept, one quarter or year, an optional as-of
const CROSS_SECTIONS: readonly PlanRow[] = [
  [
    'revenue of all companies in Q3 FY25 as of 1 Feb 2025',
    {
      route: 'filter',
      concepts: ['Revenue'],
      ...quarter(2025, 3),
      ...asOf('2025-02-01'),
      cross_section: { concept: 'Revenue', fiscal_year: 2025, fiscal_quarter: 3, period: 'quarterly', as_of: '2025-02-01T00:00:00Z' },
    },
  ],
  [
    'net profit of every company for FY2024',
    {
      route: 'filter',
      concepts: ['ProfitAfterTax'],
      fiscal_year: 2024,
      cross_section: { concept: 'ProfitAfterTax', fiscal_year: 2024, period: 'annual' },
    },
  ],
  [
    'Revenue of all companies in Q3 FY25',
    {
      route: 'filter',
      concepts: ['Revenue'],
      ...quarter(2025, 3),
      cross_section: { concept: 'Revenue', fiscal_year: 2025, fiscal_quarter: 3, period: 'quarterly' },
    },
  ],
  // A quarter named by its months is a calendar quarter: companies on other fiscal calendars too.
  [
    'what was the consolidated revenue of all companies in the December 2024 quarter as of 30 Jan 2025',
    {
      route: 'filter',
      concepts: ['Revenue'],
      ...quarter(2025, 3),
      ...asOf('2025-01-30'),
      cross_section: {
        concept: 'Revenue',
        calendar_quarter: '2024Q4',
        period: 'quarterly',
        basis: 'consolidated',
        as_of: '2025-01-30T00:00:00Z',
      },
    },
  ],
  [
    'standalone PAT of all listed companies for the quarter ended 30 September 2024',
    {
      route: 'filter',
      concepts: ['ProfitAfterTax'],
      ...quarter(2025, 2),
      basis: 'standalone',
      cross_section: { concept: 'ProfitAfterTax', calendar_quarter: '2024Q3', period: 'quarterly', basis: 'standalone' },
    },
  ],
  [
    'Revenue across companies in FY24',
    {
      route: 'filter',
      concepts: ['Revenue'],
      fiscal_year: 2024,
      cross_section: { concept: 'Revenue', fiscal_year: 2024, period: 'annual' },
    },
  ],
  [
    'total income of each company in FY 2023-24',
    {
      route: 'filter',
      concepts: ['TotalIncome'],
      fiscal_year: 2024,
      cross_section: { concept: 'TotalIncome', fiscal_year: 2024, period: 'annual' },
    },
  ],
  [
    'revenue of the market last quarter',
    {
      route: 'filter',
      concepts: ['Revenue'],
      ...quarter(2025, 3),
      cross_section: { concept: 'Revenue', fiscal_year: 2025, fiscal_quarter: 3, period: 'quarterly' },
    },
  ],
];

// Near misses: a company named, no period, no reported concept, a narrative cue, a comparison or ranking.
const AS_BEFORE: readonly PlanRow[] = [
  ['revenue of TCS in Q3 FY25', { route: 'exact', reference: 'TCS', concepts: ['Revenue'], ...quarter(2025, 3) }],
  [
    'Revenue of TCS and Infosys in Q3 FY25',
    { route: 'exact', reference: 'TCS', references: ['TCS', 'Infosys'], concepts: ['Revenue'], ...quarter(2025, 3) },
  ],
  ['ACC revenue for the December 2024 quarter', { route: 'exact', reference: 'ACC', concepts: ['Revenue'], ...quarter(2025, 3) }],
  [
    'why did revenue of all companies fall in Q3 FY25',
    { route: 'semantic', concepts: ['Revenue'], ...quarter(2025, 3), search_text: 'revenue fall' },
  ],
  ['what did companies say about demand in Q3 FY25', { route: 'semantic', ...quarter(2025, 3), search_text: 'demand' }],
  ['revenue of all companies', { route: 'semantic', concepts: ['Revenue'], search_text: 'revenue' }],
  [
    'quarterly revenue of all companies in FY25',
    { route: 'semantic', concepts: ['Revenue'], fiscal_year: 2025, period: 'quarterly', search_text: 'revenue' },
  ],
  ['ROE of all companies in FY24', { route: 'semantic', concepts: ['return_on_equity'], fiscal_year: 2024, search_text: 'ROE' }],
  ['net profit of all companies in FY24 above 500 crore', { route: 'hybrid_screen', concepts: ['ProfitAfterTax'], fiscal_year: 2024 }],
];

describe('planQuestion: a cross-section of every company', () => {
  itPlansEach(CROSS_SECTIONS);

  it('reads one concept: another measure named is a gap, not dropped in silence', () => {
    const { plan, gaps } = planQuestion('revenue and net profit of all companies in FY24', { today: TODAY });
    expect(plan.cross_section).toMatchObject({ concept: 'Revenue', fiscal_year: 2024, period: 'annual' });
    expect(gaps).toEqual([expect.objectContaining({ kind: 'missing', subject: 'ProfitAfterTax' })]);
  });

  it('says in its notes what it reads', () => {
    const { notes } = planQuestion('revenue of all companies in Q3 FY25 as of 1 Feb 2025', { today: TODAY });
    expect(notes).toContain(
      'cross_section: Revenue of every company for Q3 FY2025, as known at 2025-02-01T00:00:00Z; both bases, one figure per company (consolidated where filed)',
    );
  });
});

describe('planQuestion: near misses plan as before', () => {
  itPlansEach(AS_BEFORE);
});
