import { findConcept } from '#schemas/common';
import type { ScreenMetricUnit } from '#schemas/read-models';
import { SCREEN_METRICS } from '#read/metrics';

/**
 * The unit a metric's values are in: its unit in the list of screenable metrics
 * (screen-metric-list.ts, data only) where the metric is screenable (ratios and growth are
 * pure ratios, 0.15 = 15%; ownership is percent, 15 = 15%; market cap INR; price
 * INR/share), else rupees for reported amounts and rupees per share for earnings per share.
 */
export function metricUnit(id: string): ScreenMetricUnit | undefined {
  const screen = SCREEN_METRICS.get(id);
  if (screen) return screen.unit;
  const entry = findConcept(id);
  if (!entry) return undefined;
  if (entry.kind === 'reported') return /EarningsPerShare$/.test(entry.id) ? 'INR/share' : 'INR';
  return entry.kind === 'ownership' ? 'percent' : 'ratio';
}

/** Whether companies can be screened or sorted on the metric (`listScreenMetrics`). */
export const isScreenMetric = (id: string): boolean => SCREEN_METRICS.has(id);

/** The screenable metric ids, for notes. */
export const screenMetricIds = (): string[] => [...SCREEN_METRICS.keys()];

// Ratios people write as percentages ("ROE above 20"): margins, returns, tax rate, growth.
const PERCENT_STYLE = new Set(['net_margin', 'ebit_margin', 'ebitda_margin', 'effective_tax_rate', 'return_on_equity', 'return_on_assets']);

/** Whether a bare number above 1 for this ratio is meant as a percentage. */
export const isPercentStyleRatio = (id: string): boolean => PERCENT_STYLE.has(id) || id.endsWith('_growth');
