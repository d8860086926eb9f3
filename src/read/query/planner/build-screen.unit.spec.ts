import { describe, expect, it } from 'vitest';
import { buildCondition } from './build-condition.ts';
import { buildScreen } from './build-screen.ts';
import { extractComparisons } from './extract-comparisons.ts';
import { extractRanking } from './extract-ranking.ts';
import { findMetricMentions } from './metric-mentions.ts';

const read = (text: string) => {
  const mentions = findMetricMentions(text);
  return { comparisons: extractComparisons(text, mentions), ranking: extractRanking(text, mentions) };
};

describe('buildScreen', () => {
  it('turns comparisons into predicates in the metric unit, and a ranking into sort and limit', () => {
    const { comparisons, ranking } = read(
      'top 10 with ROE above 20%, promoter holding at least 50 and market cap over 2 lakh crore by market cap',
    );
    expect(buildScreen(comparisons, ranking)).toMatchObject({
      filters: [
        { metric: 'return_on_equity', operator: '>', value: '0.2' },
        { metric: 'promoter_pct', operator: '>=', value: '50' },
        { metric: 'market_cap', operator: '>', value: '2000000000000' },
      ],
      sort: '-market_cap',
      limit: 10,
    });
  });

  it('keeps at most 8 filters', () => {
    const text = Array.from({ length: 10 }, (_, i) => `ROE above ${i}%`).join(' and ');
    const { filters, notes } = buildScreen(read(text).comparisons, undefined);
    expect(filters).toHaveLength(8);
    expect(notes.filter((n) => n.endsWith('at most 8 filters'))).toHaveLength(2);
  });

  it('sorts by size when a ranking names no metric, and by nothing when its metric is not screenable', () => {
    expect(buildScreen([], read('5 largest companies').ranking).sort).toBe('-market_cap');
    expect(buildScreen([], read('highest revenue companies').ranking)).toMatchObject({
      sort: null,
      notes: [expect.stringContaining('sort by Revenue left out')],
    });
  });
});

describe('buildCondition', () => {
  it('keeps the first usable comparison on a fact or ratio', () => {
    expect(buildCondition(read('price above 3000 and revenue above 1 lakh crore and PAT above 5 crore').comparisons)).toMatchObject({
      condition: { operator: '>', value: '1000000000000', unit: 'INR' },
      more: [],
      metric: 'Revenue',
      notes: [
        'condition "> 3000" left out: price is not a reported fact or ratio',
        '1 lakh crore = 1000000000000 rupees',
        'condition: Revenue > 1000000000000 INR',
        'condition "ProfitAfterTax > 5 crore" left out: a plan\'s conditions are on one value (Revenue)',
      ],
      leftOut: [
        { what: 'condition', written: 'price > 3000', why: 'price is not a reported fact or ratio' },
        { what: 'condition', written: 'PAT > 5 crore', why: "a plan's conditions are on one value (Revenue)" },
      ],
    });
  });

  it('keeps further comparisons on the same value as more conditions: a range is two', () => {
    expect(buildCondition(read('revenue between 35,000 and 45,000 crore').comparisons)).toMatchObject({
      condition: { operator: '>=', value: '350000000000', unit: 'INR' },
      more: [{ operator: '<=', value: '450000000000', unit: 'INR' }],
      metric: 'Revenue',
      leftOut: [],
    });
    expect(buildCondition(read('net margin above 15% and below 25%').comparisons)).toMatchObject({
      condition: { operator: '>', value: '0.15', unit: 'ratio' },
      more: [{ operator: '<', value: '0.25', unit: 'ratio' }],
    });
  });

  it('says != is no condition operator', () => {
    expect(buildCondition(read('PAT != 5').comparisons)).toMatchObject({
      condition: null,
      notes: ['condition "ProfitAfterTax != 5" left out: != is not a condition operator'],
    });
  });
});
