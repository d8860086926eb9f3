import { describe, expect, it } from 'vitest';
import { SCREEN_METRICS, SCREEN_METRICS_BY_SOURCE } from '#read/metrics/screen-metric-list';
import { listScreenMetrics, SCREEN_SOURCES } from './screen-sources.ts';

describe('the list of screenable metrics', () => {
  it('is what the screen sources offer, source by source and in order', () => {
    expect(SCREEN_SOURCES.map((s) => [s.id, s.metrics])).toEqual(SCREEN_METRICS_BY_SOURCE.map(([id, metrics]) => [id, metrics]));
    expect(listScreenMetrics()).toEqual([...SCREEN_METRICS.values()]);
  });

  it('names each metric with its unit and source: ratios, growth, ownership percentages, price and market cap', () => {
    expect(SCREEN_METRICS.get('net_margin')).toMatchObject({ unit: 'ratio', source: 'facts' });
    expect(SCREEN_METRICS.get('Revenue_growth')).toMatchObject({ unit: 'ratio', source: 'facts' });
    expect(SCREEN_METRICS.get('promoter_pct')).toMatchObject({ unit: 'percent', source: 'ownership' });
    expect(SCREEN_METRICS.get('price')).toMatchObject({ unit: 'INR/share', source: 'market' });
    expect(SCREEN_METRICS.get('market_cap')).toMatchObject({ unit: 'INR', source: 'market' });
    expect(SCREEN_METRICS.has('Revenue')).toBe(false);
  });
});
