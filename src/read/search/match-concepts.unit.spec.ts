import { describe, expect, it } from 'vitest';
import { CONCEPT_DICTIONARY, findConcept, GROWTH_FIELDS, matchConcepts, METRIC_IDS } from '#schemas/common/concept-synonyms';
import { DERIVED_RATIOS, OWNERSHIP_FIELDS, REPORTED_CONCEPTS } from '#schemas/common/concepts';

const ids = (text: string) => matchConcepts(text).map((match) => match.id);

describe('the concept dictionary', () => {
  it('has one entry, with a label, for every concept, ratio, growth and ownership field of SPEC.md', () => {
    const expected = [...REPORTED_CONCEPTS, ...DERIVED_RATIOS, ...GROWTH_FIELDS, ...OWNERSHIP_FIELDS];
    expect(CONCEPT_DICTIONARY.map((entry) => entry.id)).toEqual(expected);
    expect(METRIC_IDS).toEqual(expected);
    expect(GROWTH_FIELDS).toContain('Revenue_growth');
    for (const entry of CONCEPT_DICTIONARY) expect(entry.label.length).toBeGreaterThan(0);
  });

  it('finds an entry by id, case-insensitively', () => {
    expect(findConcept('profitaftertax')).toMatchObject({ id: 'ProfitAfterTax', kind: 'reported' });
    expect(findConcept('Revenue_growth')).toMatchObject({ kind: 'growth', label: 'Revenue from operations growth' });
    expect(findConcept('nope')).toBeUndefined();
  });
});

describe('matchConcepts', () => {
  it.each([
    ['sales', 'Revenue'],
    ['turnover', 'Revenue'],
    ['top line', 'Revenue'],
    ['Top-line', 'Revenue'],
    ['revenue from operations', 'Revenue'],
    ['PAT', 'ProfitAfterTax'],
    ['net profit', 'ProfitAfterTax'],
    ['profit after tax', 'ProfitAfterTax'],
    ['bottom line', 'ProfitAfterTax'],
    ['PBT', 'ProfitBeforeTax'],
    ['pre-tax profit', 'ProfitBeforeTax'],
    ['EPS', 'BasicEarningsPerShare'],
    ['diluted EPS', 'DilutedEarningsPerShare'],
    ['net worth', 'TotalEquity'],
    ['debtors', 'TradeReceivables'],
    ['D&A', 'DepreciationAndAmortisation'],
    ['ROE', 'return_on_equity'],
    ['RoNW', 'return_on_equity'],
    ['ROA', 'return_on_assets'],
    ['D/E', 'debt_to_equity'],
    ['leverage', 'debt_to_equity'],
    ['EBITDA margin', 'ebitda_margin'],
    ['EBITDA', 'ebitda'],
    ['EBIT', 'ebit'],
    ['operating profit margin', 'ebit_margin'],
    ['net profit margin', 'net_margin'],
    ['asset turnover', 'asset_turnover'],
    ['CFO/PAT', 'cash_conversion'],
    ['interest coverage', 'interest_coverage'],
    ['promoter holding', 'promoter_pct'],
    ['FII holding', 'fii_pct'],
    ['FPI stake', 'fii_pct'],
    ['DII holding', 'dii_pct'],
    ['mutual fund holding', 'mutual_fund_pct'],
    ['public shareholding', 'public_pct'],
    ['promoter pledge', 'pledged_pct'],
    ['sales growth', 'Revenue_growth'],
    ['growth in net profit', 'ProfitAfterTax_growth'],
    ['Revenue_growth', 'Revenue_growth'],
    ['return_on_equity', 'return_on_equity'],
  ])('reads %j as %s', (text, id) => {
    expect(ids(text)).toEqual([id]);
  });

  it('prefers the longest phrase, and lists each concept once in order of appearance', () => {
    expect(ids('What were the sales, PAT and net profit margin of TCS in FY24? And its sales again')).toEqual([
      'Revenue',
      'ProfitAfterTax',
      'net_margin',
    ]);
  });

  it('says where the words were and how much of the text they cover', () => {
    const [match] = matchConcepts('TCS top line FY24');
    expect(match).toMatchObject({ id: 'Revenue', text: 'top line', start: 4, end: 12, exact: false, coverage: 0.5 });
  });

  it('is exact only for the identifier itself', () => {
    expect(matchConcepts(' ProfitAfterTax ')[0]).toMatchObject({ id: 'ProfitAfterTax', exact: true, coverage: 1 });
    expect(matchConcepts('profit after tax')[0]).toMatchObject({ exact: false, coverage: 1 });
  });

  it('matches whole words only, and finds nothing in unrelated text', () => {
    expect(ids('patience and equitable treatment')).toEqual([]);
    expect(ids('Reliance Industries')).toEqual([]);
    expect(ids('')).toEqual([]);
  });
});
