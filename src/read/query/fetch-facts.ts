import { listFacts } from '#projections/facts';
import { FACT_CONCEPTS, type FactConcept, type ReportedConcept, type PeriodFilter } from '#schemas/common';
import type { Gap, RetrievalPlan } from '#schemas/query';
import type { Fact, Metric, MetricId } from '#schemas/read-models';
import type { SqlExecutor } from '#platform/db';
import { isMetricId } from '#read/metrics';
import { listMetrics } from '#read/metric-queries';
import { meetsCondition } from './fact-condition.ts';
import { isOwnershipField } from './fetch-ownership.ts';

// The reported concepts and the extensions served beside them (the face value).
const REPORTED = new Set<string>(FACT_CONCEPTS);
/** What an exact question without named concepts gets: the headline figures. */
export const DEFAULT_CONCEPTS: readonly ReportedConcept[] = ['Revenue', 'ProfitAfterTax', 'BasicEarningsPerShare'];

const PERIOD_FILTER: Record<RetrievalPlan['period'], PeriodFilter> = {
  annual: 'annual',
  quarterly: 'quarterly',
  instant: 'any',
  any: 'any',
};

/** Concept and metric ids sorted into reported concepts, derived metrics and ids that are neither. */
export function splitConceptIds(ids: readonly string[]): { reported: FactConcept[]; metrics: MetricId[]; unknown: string[] } {
  return {
    reported: ids.filter((c): c is FactConcept => REPORTED.has(c)),
    metrics: ids.filter((c): c is MetricId => !REPORTED.has(c) && isMetricId(c)),
    unknown: ids.filter((c) => !REPORTED.has(c) && !isMetricId(c) && !isOwnershipField(c)),
  };
}

export function splitPlanConcepts(plan: RetrievalPlan): { reported: FactConcept[]; metrics: MetricId[]; unknown: string[] } {
  return splitConceptIds(plan.concepts.length > 0 ? plan.concepts : DEFAULT_CONCEPTS);
}

interface Dated {
  readonly period: { readonly type: string; readonly fiscal_year: number | null; readonly fiscal_quarter: number | null };
}

/** The plan's fiscal year and quarter, when it names them; balances at a quarter's end count for it. */
function inPlanPeriod(plan: RetrievalPlan, item: Dated): boolean {
  if (plan.period === 'instant' && item.period.type !== 'instant') return false;
  if (plan.fiscal_year !== null && item.period.fiscal_year !== plan.fiscal_year) return false;
  if (plan.fiscal_quarter !== null && item.period.fiscal_quarter !== plan.fiscal_quarter) return false;
  if (plan.fiscal_year !== null && plan.fiscal_quarter === null && plan.period === 'annual') {
    return item.period.type === 'annual' || item.period.fiscal_quarter === 4;
  }
  return true;
}

/** Keeps what meets the plan's condition and its further `conditions`; a value in another unit is not compared. */
function meetingCondition<T extends { value: string | null; unit: string }>(plan: RetrievalPlan, items: T[]): T[] {
  if (!plan.condition) return items;
  const all = [plan.condition, ...(plan.conditions ?? [])];
  return items.filter((item) => {
    const value = item.value;
    return value !== null && all.every((condition) => meetsCondition(value, item.unit, condition) === true);
  });
}

export interface Fetched<T> {
  readonly items: T[];
  readonly gaps: Gap[];
}

/** The company's reported facts the plan names, as of its `as_of`, in its periods. */
export async function fetchReportedFacts(db: SqlExecutor, companyId: string, plan: RetrievalPlan, limit: number): Promise<Fetched<Fact>> {
  const { reported, unknown } = splitPlanConcepts(plan);
  const asOf = plan.as_of ?? undefined;
  const gaps: Gap[] = unknown.map((id) => ({ kind: 'missing', subject: id, message: `'${id}' is not a known concept or metric.` }));
  const all =
    reported.length === 0
      ? []
      : await listFacts(db, { companyId, concepts: reported, period: PERIOD_FILTER[plan.period], basis: plan.basis, asOf, limit: 2000 });
  const facts = meetingCondition(
    plan,
    all.filter((fact) => inPlanPeriod(plan, fact)),
  ).slice(0, limit * Math.max(1, reported.length));
  for (const concept of reported) {
    if (!facts.some((f) => f.concept === concept) && !plan.condition) {
      gaps.push({
        kind: 'missing',
        subject: concept,
        message: `No ${plan.basis} ${concept} was found for the period asked${asOf ? ` as known at ${asOf}` : ''}.`,
      });
    }
  }
  return { items: facts, gaps };
}

/** The ratios and growth the plan names, computed from the facts as of its `as_of`. */
export async function fetchMetrics(db: SqlExecutor, companyId: string, plan: RetrievalPlan, limit: number): Promise<Fetched<Metric>> {
  const { metrics: metricIds } = splitPlanConcepts(plan);
  const gaps: Gap[] = [];
  const period = plan.period === 'quarterly' ? 'quarterly' : plan.period === 'annual' ? 'annual' : 'any';
  const computed =
    metricIds.length === 0 ? [] : await listMetrics(db, { companyId, period, basis: plan.basis, asOf: plan.as_of ?? undefined });
  const metrics = meetingCondition(
    plan,
    computed.filter((m) => metricIds.includes(m.metric) && inPlanPeriod(plan, m)),
  ).slice(0, limit * Math.max(1, metricIds.length));
  for (const id of metricIds) {
    const found = metrics.filter((m) => m.metric === id);
    if (found.length === 0 && !plan.condition)
      gaps.push({ kind: 'missing', subject: id, message: `${id} could not be computed for the period asked.` });
    for (const metric of found) {
      if (metric.value === null && metric.reason)
        gaps.push({ kind: 'missing', subject: id, message: `${id} for ${metric.period.end} is unavailable: ${metric.reason.message}` });
    }
  }
  return { items: metrics, gaps };
}
