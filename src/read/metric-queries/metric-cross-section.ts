import { FACT_CONCEPTS, type ReportedConcept, type Basis } from '#schemas/common';
import type { Fact, Metric, MetricId } from '#schemas/read-models';
import {
  type CrossSectionParams,
  crossSectionPeriodConditions,
  factsOfView,
  readFacts,
  versionOfView,
  SELECT_FACT,
  FACTS,
  fiscalPeriodCode,
} from '#projections/facts';
import { yearEarlier } from '#platform/time';
import type { SqlExecutor } from '#platform/db';
import { computeMetrics, RATIO_DEFINITIONS } from '#read/metrics';

/** Where a row stands in a metric cross-section's order: company, basis, then the period's days. */
export interface MetricCrossSectionPosition {
  readonly companyId: string;
  readonly basis: Basis;
  readonly periodStart: string;
  readonly periodEnd: string;
}

/** A concept's cross-section params (period, basis, view, instants), for a metric; `limit` counts company periods. */
export interface MetricCrossSectionParams extends Omit<CrossSectionParams, 'concept' | 'after'> {
  readonly metric: MetricId;
  readonly after?: MetricCrossSectionPosition | undefined;
}

export interface MetricCrossSectionPage {
  readonly metrics: Metric[];
  readonly next: MetricCrossSectionPosition | undefined;
}

const GROWTH = /^(.+)_growth$/;

/** The reported concepts a metric is computed from: a ratio's inputs, or the concept a growth field compares. */
export function metricInputConcepts(metric: MetricId): ReportedConcept[] {
  const ratio = RATIO_DEFINITIONS.find((definition) => definition.id === metric);
  if (ratio) return [...new Set([...ratio.formula.numerator, ...(ratio.formula.denominator ?? [])].map((input) => input.concept))];
  const concept = GROWTH.exec(metric)?.[1];
  if (concept === undefined) throw new Error(`not a metric: ${metric}`);
  return [concept as ReportedConcept];
}

type Bind = (value: unknown) => string;

const PERIOD_ORDER = 'company_id, basis, period_start, period_end';

/**
 * The company periods of one page, one fact each: of every company and basis, the quarters
 * (or years) of the period that some concept's fact of the view covers, in company order
 * after `after` (every concept named, so the cross-section index serves). They are the metric
 * periods `computeMetrics` would make of each company's own facts (fact-index.ts: every
 * quarter or year reported as a duration). The page's periods are chosen on the facts table's
 * own columns, and only the chosen facts are then read whole (their filing and company).
 */
export function metricPeriodsQuery(params: MetricCrossSectionParams): { text: string; values: unknown[] } {
  const values: unknown[] = [[...FACT_CONCEPTS], params.basis ?? null, params.limit];
  const param: Bind = (value) => `$${values.push(value)}`;
  const period = crossSectionPeriodConditions(params, param, { durations: true });
  const keys = `f.concept = any($1::text[]) and ($2::text is null or f.basis = $2) and ${period.join(' and ')}`;
  const after = params.after
    ? `and (f.company_id, f.basis, f.period_start, f.period_end) > (${param(params.after.companyId)}::uuid, ${param(params.after.basis)}::text, ${param(params.after.periodStart)}::date, ${param(params.after.periodEnd)}::date)`
    : '';
  if (params.recordedAsOf !== undefined) {
    // An audit read: the versions as then recorded are computed, so choose among whole rows.
    return {
      text: `select distinct on (p.company_id::uuid, p.basis, p.period_start, p.period_end) p.*
       from (${factsOfView(params, keys, param)} ${after}) p
       order by p.company_id::uuid, p.basis, p.period_start, p.period_end
       limit $3`,
      values,
    };
  }
  const instant = params.asOf === undefined || params.view === 'latest' ? undefined : param(params.asOf);
  const visible = `${keys} and ${versionOfView(params.view, instant)}`;
  // The rows are found through the cross-section index (materialised, so never by walking
  // another index in company order to spare a sort), grouped by hashing the few of each
  // period (one per concept), and only the groups sorted; then one fact of each is read
  // through the primary key.
  return {
    text: `with matching as materialized (
       select ${PERIOD_ORDER} from ${FACTS} f
       where ${visible} ${after}),
     periods as (
       select ${PERIOD_ORDER} from matching
       group by ${PERIOD_ORDER}
       order by ${PERIOD_ORDER}
       limit $3)
     select x.*
     from periods p
     cross join lateral (${SELECT_FACT}
       where f.company_id = p.company_id and f.period_end = p.period_end and f.basis = p.basis and f.period_start = p.period_start
         and ${visible}
       limit 1) x
     order by p.company_id, p.basis, p.period_start, p.period_end`,
    values,
  };
}

/** A company period of a page, as the facts that make it give it. */
interface PagePeriod {
  readonly end: string;
  readonly fiscalYear: number;
  readonly fiscalQuarter: number | null;
}

/**
 * The facts a page's metrics are computed from: the metric's input concepts of the page's
 * companies, of the periods' ends (the period itself, its balance sheet and its year to date
 * all end there) and, for growth, of the days a year earlier and the period labelled a year
 * earlier (`evaluateGrowth` pairs by days, and names a fiscal-year change by the label).
 * Read through the primary key (company, period end, concept) and the cross-section index.
 */
export function metricInputsQuery(
  params: MetricCrossSectionParams,
  companyIds: readonly string[],
  periods: readonly PagePeriod[],
): { text: string; values: unknown[] } {
  const growth = GROWTH.test(params.metric);
  const ends = new Set(periods.map((p) => p.end));
  if (growth) for (const p of periods) ends.add(yearEarlier(p.end));
  const priorCodes = new Set<number>();
  if (growth) {
    for (const p of periods) {
      const base = (p.fiscalYear - 1) * 10;
      if (params.length === 'annual') priorCodes.add(base).add(base + 4);
      else priorCodes.add(base + (p.fiscalQuarter ?? 0));
    }
  }
  const values: unknown[] = [[...companyIds], metricInputConcepts(params.metric), params.basis ?? null, [...ends].sort()];
  const param: Bind = (value) => `$${values.push(value)}`;
  const common = `f.company_id = any($1::uuid[]) and f.concept = any($2::text[]) and ($3::text is null or f.basis = $3)`;
  const byEnd = factsOfView(params, `${common} and f.period_end = any($4::date[])`, param);
  if (priorCodes.size === 0) return { text: byEnd, values };
  const byLabel = factsOfView(params, `${common} and ${fiscalPeriodCode('f')} = any(${param([...priorCodes].sort())}::int[])`, param);
  return { text: `${byEnd}\n     union all\n${byLabel}`, values };
}

const periodKey = (companyId: string, basis: string, start: string, end: string) => `${companyId}|${basis}|${start}|${end}`;

const inOrder = (a: Metric, b: Metric) =>
  a.company.id.localeCompare(b.company.id) ||
  a.basis.localeCompare(b.basis) ||
  a.period.start.localeCompare(b.period.start) ||
  a.period.end.localeCompare(b.period.end);

/**
 * One page of a metric's cross-section: for every company with a quarter (or year) in the
 * period, the metric computed as `/v1/financial-metrics` computes it (`computeMetrics`) from
 * the facts the view chooses as known at `asOf`, null with its reason when an input is
 * missing. A company none of whose filings covers the period by then is absent. Pages
 * follow the company periods read (`limit` of them), so a page may hold fewer rows than
 * `limit` (a company period reporting none of a growth field's concept has no row); only
 * an undefined `next` marks the last.
 */
export async function metricCrossSection(db: SqlExecutor, params: MetricCrossSectionParams): Promise<MetricCrossSectionPage> {
  const periods = await readFacts(db, metricPeriodsQuery(params));
  const last = periods.at(-1);
  const next =
    periods.length === params.limit && last && last.period.start !== null
      ? { companyId: last.company.id, basis: last.basis, periodStart: last.period.start, periodEnd: last.period.end }
      : undefined;
  if (periods.length === 0) return { metrics: [], next };
  const wanted = new Set(periods.map((f) => periodKey(f.company.id, f.basis, f.period.start ?? f.period.end, f.period.end)));
  const companyIds = [...new Set(periods.map((f) => f.company.id))];
  const pagePeriods = periods.map((f) => ({ end: f.period.end, fiscalYear: f.period.fiscal_year, fiscalQuarter: f.period.fiscal_quarter }));
  const inputs = await readFacts(db, metricInputsQuery(params, companyIds, pagePeriods));
  const byCompany = new Map<string, Fact[]>();
  // A period's own fact makes its metric period, as it does in the company's metrics; the inputs give the values.
  for (const fact of [...periods, ...inputs]) {
    const facts = byCompany.get(fact.company.id);
    if (facts) facts.push(fact);
    else byCompany.set(fact.company.id, [fact]);
  }
  const metrics = [...byCompany.entries()]
    .flatMap(([companyId, facts]) =>
      computeMetrics(facts, {
        period: params.length,
        metric: params.metric,
        periods: (period, basis) => wanted.has(periodKey(companyId, basis, period.start, period.end)),
      }),
    )
    .sort(inOrder);
  return { metrics, next };
}
