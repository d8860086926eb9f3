import { findConcept } from '#schemas/common';
import type { ScreenResult } from '#schemas/read-models';
import { BOUNDED_RATIOS, describeMetric, SCREEN_METRICS } from '#read/metrics';
import { nameOf } from './text-forms.ts';

/** Ratios read naturally as percentages: the bounded ones and cash conversion; the others (coverage, turnover, debt to equity) stay plain. */
const PERCENT_RATIOS = new Set([...BOUNDED_RATIOS, 'cash_conversion']);

export const isPercentMetric = (id: string): boolean => PERCENT_RATIOS.has(id) || id.endsWith('_growth');

/** The label of a concept or metric id ("Revenue from operations"), else the id itself when it reads as a name. */
export function conceptLabel(id: string): string {
  const label = findConcept(id)?.label;
  if (label !== undefined) return label;
  return nameOf(id) ?? 'the requested value';
}

/** The unit of a screened metric: as the screen states it, else as the list of screenable metrics or the metric catalogue has it. */
export function screenMetricUnit(id: string, screen: ScreenResult | null): string {
  const stated = screen?.metrics.find((m) => m.id === id)?.unit;
  return stated ?? SCREEN_METRICS.get(id)?.unit ?? describeMetric(id)?.unit ?? (id.endsWith('_pct') ? 'percent' : 'count');
}

/** The label of a screened metric, as the screen states it when it reads as a name. */
export function screenMetricLabel(id: string, screen: ScreenResult | null): string {
  const stated = screen?.metrics.find((m) => m.id === id)?.label;
  return nameOf(stated) ?? conceptLabel(id);
}
