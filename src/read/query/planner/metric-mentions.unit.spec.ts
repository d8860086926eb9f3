import { describe, expect, it } from 'vitest';
import { matchConceptMentions } from '#schemas/common/concept-synonyms';
import { findMetricMentions } from './metric-mentions.ts';

const ids = (text: string) => findMetricMentions(text).map((m) => [m.id, m.source]);

describe('findMetricMentions', () => {
  it('reads concepts, market data and unsupported measures, longest first', () => {
    expect(ids('revenue, market cap, share price, EV/EBITDA, P/E and price to book')).toEqual([
      ['Revenue', 'concept'],
      ['market_cap', 'market'],
      ['price', 'market'],
      [null, 'unsupported'],
      [null, 'unsupported'],
      [null, 'unsupported'],
    ]);
  });

  it('reads the synonyms the planner added to the dictionary', () => {
    expect(ids('profit margin, net loss, interest cover')).toEqual([
      ['net_margin', 'concept'],
      ['ProfitAfterTax', 'concept'],
      ['interest_coverage', 'concept'],
    ]);
  });
});

describe('matchConceptMentions', () => {
  it('lists every place a concept is named, repeats included', () => {
    expect(matchConceptMentions('ROE above 15% and ROE below 25%, net profit margin').map((m) => [m.id, m.start, m.end])).toEqual([
      ['return_on_equity', 0, 3],
      ['return_on_equity', 18, 21],
      ['net_margin', 33, 50],
    ]);
  });
});
