import { describe, expect, it } from 'vitest';
import { extractComparisons } from './extract-comparisons.ts';
import { findMetricMentions } from './metric-mentions.ts';

const read = (text: string) =>
  extractComparisons(text, findMetricMentions(text)).map((c) => [c.metric?.id ?? null, c.operator, c.amount.value, c.amount.kind]);

describe('extractComparisons', () => {
  it.each([
    ['above', '>'],
    ['over', '>'],
    ['more than', '>'],
    ['exceeds', '>'],
    ['exceeded', '>'],
    ['greater than', '>'],
    ['crossed', '>'],
    ['>', '>'],
    ['at least', '>='],
    ['not less than', '>='],
    ['>=', '>='],
    ['≥', '>='],
    ['below', '<'],
    ['under', '<'],
    ['less than', '<'],
    ['lower than', '<'],
    ['<', '<'],
    ['at most', '<='],
    ['not exceeding', '<='],
    ['not more than', '<='],
    ['up to', '<='],
    ['<=', '<='],
    ['equal to', '='],
    ['equals', '='],
    ['=', '='],
    ['not equal to', '!='],
    ['!=', '!='],
  ])('reads "%s" as %s', (phrase, operator) => {
    expect(read(`ROE ${phrase} 20%`)).toEqual([['return_on_equity', operator, '20', 'percent']]);
  });

  it('pairs each comparison with the metric written before it', () => {
    expect(read('companies with ROE above 20% and debt to equity below 0.5')).toEqual([
      ['return_on_equity', '>', '20', 'percent'],
      ['debt_to_equity', '<', '0.5', 'plain'],
    ]);
  });

  it('takes a metric written after the amount when none comes before', () => {
    expect(read('more than 20% ROE and D/E under 1')).toEqual([
      ['return_on_equity', '>', '20', 'percent'],
      ['debt_to_equity', '<', '1', 'plain'],
    ]);
  });

  it('carries the metric on to a second bound', () => {
    expect(read('ROE above 15% and below 25%')).toEqual([
      ['return_on_equity', '>', '15', 'percent'],
      ['return_on_equity', '<', '25', 'percent'],
    ]);
  });

  it('reads postfix bounds and ranges', () => {
    expect(read('ROE of 20% or more')).toEqual([['return_on_equity', '>=', '20', 'percent']]);
    expect(read('D/E 1 or less')).toEqual([['debt_to_equity', '<=', '1', 'plain']]);
    expect(read('market cap between 1 and 2 lakh crore')).toEqual([
      ['market_cap', '>=', '1000000000000', 'currency'],
      ['market_cap', '<=', '2000000000000', 'currency'],
    ]);
  });

  it('reads a company between the metric and the operator', () => {
    expect(read('revenue of TCS exceeded ₹60,000 crore')).toEqual([['Revenue', '>', '600000000000', 'currency']]);
  });

  it('leaves the metric out when none is named, and ignores operators without an amount', () => {
    expect(read('stocks above 100')).toEqual([[null, '>', '100', 'plain']]);
    expect(read('revenue over the years, under pressure')).toEqual([]);
  });
});
