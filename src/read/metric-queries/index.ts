// src/read/metric-queries: what other modules use of it, and the only file they import (docs/architecture.md "Modules").
export { listMetrics } from './list-metrics.ts';
export { metricCrossSection, type MetricCrossSectionParams, metricInputsQuery, metricPeriodsQuery } from './metric-cross-section.ts';
