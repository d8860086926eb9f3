// src/read/metrics: what other modules use of it, and the only file they import (docs/architecture.md "Modules").
export { BOUNDED_RATIOS } from './bounded-ratios.ts';
export { computeMetrics } from './compute-metrics.ts';
export { type Formula, type FormulaInput, RATIO_DEFINITIONS } from './formulas.ts';
export { describeMetric, isMetricId } from './metric-catalogue.ts';
export {
  FACTS_SCREEN_METRICS,
  MARKET_SCREEN_METRICS,
  OWNERSHIP_SCREEN_METRICS,
  SCREEN_METRICS,
  type ScreenSourceMetric,
} from './screen-metric-list.ts';
export { yearEarlierSql } from './year-earlier-sql.ts';
