import type { FactView, PeriodFilter, Basis } from '#schemas/common';
import type { Metric, MetricId } from '#schemas/read-models';
import { listFacts } from '#projections/facts';
import type { SqlExecutor } from '#platform/db';
import { computeMetrics } from '#read/metrics';

export interface ListMetricsParams {
  readonly companyId: string;
  /** quarterly, annual or any (default any): which metric periods to return. */
  readonly period?: PeriodFilter | undefined;
  readonly basis?: Basis | undefined;
  /** What was knowable at this instant; undefined means the current facts. */
  readonly asOf?: string | undefined;
  /** What this service had recorded by this instant (listFacts); undefined means its record now. */
  readonly recordedAsOf?: string | undefined;
  /** Which version of each fact the metrics are computed from (listFacts); `as_of` when absent. */
  readonly view?: FactView | undefined;
  /** Only these metrics; undefined or empty means all. */
  readonly metrics?: readonly MetricId[] | undefined;
  /** Only metric periods of fiscal years from this one on (inclusive). */
  readonly fromFiscalYear?: number | undefined;
  /** Only metric periods of fiscal years up to this one (inclusive). */
  readonly toFiscalYear?: number | undefined;
  /** Only quarters of this fiscal quarter (1..4); fiscal years have none, so they drop out. */
  readonly fiscalQuarter?: number | undefined;
}

/**
 * Far above the facts any company files (about 40 concepts × 10 periods a year × 2 bases),
 * so every fact is read: metrics need the year to date and the year before, not only the
 * periods asked for.
 */
const FACT_LIMIT = 1_000_000;

/** Whether a metric is among those asked for: its id and the fiscal years and quarter. */
function wanted(params: ListMetricsParams): (metric: Metric) => boolean {
  const ids = params.metrics && params.metrics.length > 0 ? new Set<string>(params.metrics) : undefined;
  const { fromFiscalYear: from, toFiscalYear: to, fiscalQuarter: quarter } = params;
  return (metric) =>
    (ids === undefined || ids.has(metric.metric)) &&
    (from === undefined || metric.period.fiscal_year >= from) &&
    (to === undefined || metric.period.fiscal_year <= to) &&
    (quarter === undefined || metric.period.fiscal_quarter === quarter);
}

/**
 * The metrics of one company derived from its facts as known at `asOf`: every fact read
 * through `listFacts`, so later filings and restatements are invisible before their known_at.
 * The filters on metric ids and fiscal periods apply to the metrics, never to the facts
 * read: growth needs the year before and some ratios the year to date.
 */
export async function listMetrics(db: SqlExecutor, params: ListMetricsParams): Promise<Metric[]> {
  const facts = await listFacts(db, {
    companyId: params.companyId,
    basis: params.basis,
    asOf: params.asOf,
    recordedAsOf: params.recordedAsOf,
    view: params.view,
    period: 'any',
    limit: FACT_LIMIT,
  });
  return computeMetrics(facts, { period: params.period ?? 'any' }).filter(wanted(params));
}
