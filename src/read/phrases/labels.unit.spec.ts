import { describe, expect, it } from 'vitest';
import type { ScreenResult } from '#schemas/read-models/screen';
import { SCREEN_METRICS } from '#read/metrics/screen-metric-list';
import { screenMetricUnit } from './labels.ts';

describe('screenMetricUnit', () => {
  it('takes the unit the screen states', () => {
    const screen = { metrics: [{ id: 'market_cap', unit: 'INR' }] } as unknown as ScreenResult;
    expect(screenMetricUnit('market_cap', screen)).toBe('INR');
  });

  it('without a screen result, reads every screenable metric’s unit from the list of screenable metrics, never “count” for money', () => {
    expect(screenMetricUnit('price', null)).toBe('INR/share');
    expect(screenMetricUnit('market_cap', null)).toBe('INR');
    expect(screenMetricUnit('promoter_pct', null)).toBe('percent');
    for (const [id, metric] of SCREEN_METRICS) expect(screenMetricUnit(id, null)).toBe(metric.unit);
  });
});
