import { describe, expect, it } from 'vitest';
import { extractRanking } from './extract-ranking.ts';
import { findMetricMentions } from './metric-mentions.ts';

const read = (text: string) => {
  const ranking = extractRanking(text, findMetricMentions(text));
  return ranking && { direction: ranking.direction, metric: ranking.metric?.id ?? null, limit: ranking.limit ?? null };
};

describe('extractRanking', () => {
  it.each([
    ['top 10 by market cap', 'desc', 'market_cap', 10],
    ['Top ten companies by ROE', 'desc', 'return_on_equity', 10],
    ['bottom 5 by revenue growth', 'asc', 'Revenue_growth', 5],
    ['5 largest companies', 'desc', null, 5],
    ['the 3 smallest companies by market cap', 'asc', 'market_cap', 3],
    ['companies with the highest ROE', 'desc', 'return_on_equity', null],
    ['lowest debt to equity companies', 'asc', 'debt_to_equity', null],
    ['top twenty-five companies by promoter holding', 'desc', 'promoter_pct', 25],
    ['companies with ROE above 20% sorted by market cap', 'desc', 'market_cap', null],
    ['companies sorted by net margin ascending', 'asc', 'net_margin', null],
    ['top 10 by net margin, low to high', 'asc', 'net_margin', 10],
    ['Which 10 companies have the highest net margin?', 'desc', 'net_margin', 10],
    ['which five stocks have the lowest debt to equity', 'asc', 'debt_to_equity', 5],
  ])('%s', (text, direction, metric, limit) => {
    expect(read(text)).toEqual({ direction, metric, limit });
  });

  it.each(['TCS top line FY24', 'profit hit by interest costs', 'companies with ROE above 20%', 'the highest in years'])(
    'finds no ranking in %j',
    (text) => {
      expect(read(text)).toBeUndefined();
    },
  );
});
