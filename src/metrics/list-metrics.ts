import type { PeriodFilter } from '../../schemas/common/period.ts';
import type { Basis } from '../../schemas/common/primitives.ts';
import type { Metric } from '../../schemas/read-models/metric.ts';
import { listFacts } from '../../projections/facts/queries.ts';
import type { SqlExecutor } from '../db/db.ts';
import { computeMetrics } from './compute-metrics.ts';

export interface ListMetricsParams {
  readonly companyId: string;
  /** quarterly, annual or any (default any): which metric periods to return. */
  readonly period?: PeriodFilter | undefined;
  readonly basis?: Basis | undefined;
  /** What was knowable at this instant; undefined means the current facts. */
  readonly asOf?: string | undefined;
}

/**
 * Far above the facts any company files (about 40 concepts × 10 periods a year × 2 bases),
 * so every fact is read: metrics need the year to date and the year before, not only the
 * periods asked for.
 */
const FACT_LIMIT = 1_000_000;

/**
 * The metrics of one company derived from its facts as known at `asOf`: every fact read
 * through `listFacts`, so later filings and restatements are invisible before their known_at.
 */
export async function listMetrics(db: SqlExecutor, params: ListMetricsParams): Promise<Metric[]> {
  const facts = await listFacts(db, {
    companyId: params.companyId,
    basis: params.basis,
    asOf: params.asOf,
    period: 'any',
    limit: FACT_LIMIT,
  });
  return computeMetrics(facts, { period: params.period ?? 'any' });
}
