import { describe, expect, it } from 'vitest';
import { listScreenMetrics } from '#read/screening/screen-sources';
import { metricUnit } from './metric-units.ts';
import { readAmountAt } from '#domain/indian-text/read-amount';
import { thresholdValue } from './threshold-value.ts';

const threshold = (metric: string, written: string) => {
  const amount = readAmountAt(written, 0);
  if (!amount) throw new Error(`no amount in ${written}`);
  return thresholdValue(metric, amount);
};

describe('thresholdValue', () => {
  it.each([
    ['return_on_equity', '20%', '0.2', 'ratio'],
    ['return_on_equity', '0.2', '0.2', 'ratio'],
    ['return_on_equity', '20', '0.2', 'ratio'],
    ['net_margin', '7.5 per cent', '0.075', 'ratio'],
    ['Revenue_growth', '15', '0.15', 'ratio'],
    ['Revenue_growth', '-5%', '-0.05', 'ratio'],
    ['debt_to_equity', '0.5', '0.5', 'ratio'],
    ['debt_to_equity', '2', '2', 'ratio'],
    ['debt_to_equity', '50%', '0.5', 'ratio'],
    ['interest_coverage', '3x', '3', 'ratio'],
    ['promoter_pct', '50%', '50', 'percent'],
    ['pledged_pct', '5', '5', 'percent'],
    ['market_cap', '1 lakh crore', '1000000000000', 'INR'],
    ['Revenue', '60,000 crore', '600000000000', 'INR'],
    ['Revenue', 'Rs 500', '500', 'INR'],
    ['ebitda', '1,000 cr', '10000000000', 'INR'],
    ['price', '₹1 lakh', '100000', 'INR/share'],
    ['BasicEarningsPerShare', 'Rs 40', '40', 'INR/share'],
  ])('%s with %s is %s %s', (metric, written, value, unit) => {
    expect(threshold(metric, written)).toMatchObject({ ok: true, value, unit });
  });

  it.each([
    ['Revenue', '20%'],
    ['return_on_equity', '500 crore'],
    ['promoter_pct', 'Rs 50'],
    ['price', '3x'],
  ])('refuses %s with %s', (metric, written) => {
    expect(threshold(metric, written)).toMatchObject({ ok: false });
  });

  it('says when a bare number was read as a percentage, or as rupees', () => {
    expect(threshold('return_on_equity', '20')).toMatchObject({ note: '20 on return_on_equity has no % sign; read as 20% = 0.2' });
    expect(threshold('Revenue', '5000')).toMatchObject({ note: '5000 has no unit: read as rupees' });
  });
});

describe('metricUnit', () => {
  it('agrees with the screening whitelist for every screenable metric', () => {
    for (const metric of listScreenMetrics()) expect(metricUnit(metric.id)).toBe(metric.unit);
  });

  it('puts reported amounts in rupees and EPS in rupees per share', () => {
    expect([metricUnit('Revenue'), metricUnit('DilutedEarningsPerShare'), metricUnit('nope')]).toEqual(['INR', 'INR/share', undefined]);
  });
});
