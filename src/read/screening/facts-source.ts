import { BALANCE_SHEET_CONCEPTS, REPORTED_CONCEPTS, type ReportedConcept } from '#schemas/common';
import { COMPANIES } from '#projections/companies';
import { FACTS } from '#projections/facts';
import { RATIO_DEFINITIONS, yearEarlierSql, FACTS_SCREEN_METRICS, type ScreenSourceMetric } from '#read/metrics';
import { type ConceptYear, conceptColumn, formulaSql, growthSql, quoteIdentifier } from './formula-sql.ts';
import { inputsSql, type ScreenAsOf, type ScreenSource } from './screen-source.ts';

interface FactsMetric extends ScreenSourceMetric {
  /** The metric over the `cur_`/`pri_` concept columns. */
  readonly sql: string;
  readonly concepts: ReadonlyArray<readonly [ReportedConcept, ConceptYear]>;
}

type MetricSql = Pick<FactsMetric, 'sql' | 'concepts'>;

const SQL_BY_ID: ReadonlyMap<string, MetricSql> = new Map<string, MetricSql>([
  ...RATIO_DEFINITIONS.map((d): [string, MetricSql] => [
    d.id,
    {
      sql: formulaSql(d.formula),
      concepts: [...d.formula.numerator, ...(d.formula.denominator ?? [])].map((i) => [i.concept, 'cur'] as const),
    },
  ]),
  ...REPORTED_CONCEPTS.map((concept): [string, MetricSql] => [
    `${concept}_growth`,
    {
      sql: growthSql(concept),
      concepts: [
        [concept, 'cur'],
        [concept, 'pri'],
      ],
    },
  ]),
]);

/** The listed metrics (screen-metric-list.ts), each with its SQL. */
const METRICS: readonly FactsMetric[] = FACTS_SCREEN_METRICS.map((metric) => {
  const sql = SQL_BY_ID.get(metric.id);
  if (!sql) throw new Error(`screen metric ${metric.id} has no SQL in the facts source`);
  return { ...metric, ...sql };
});

const BY_ID = new Map(METRICS.map((m) => [m.id, m]));
const literal = (concept: ReportedConcept) => `'${quoteIdentifier(concept).slice(1, -1)}'`;
const BALANCE_SHEET_LIST = BALANCE_SHEET_CONCEPTS.map(literal).join(', ');

/** The fact versions valid at the screen's instant: current ones, or those knowable at `asOf`. */
const known = (asOf: ScreenAsOf) =>
  asOf === null
    ? 'f.superseded_at is null'
    : `f.known_at <= ${asOf}::timestamptz and (f.superseded_at is null or f.superseded_at > ${asOf}::timestamptz)`;

/**
 * Each company's latest annual period: the latest end of a known annual fact, and of the
 * bases filed for it consolidated before standalone. One short index range per company
 * (`_annual_ix`), so an as-of screen costs the same whatever the depth of history.
 */
const latestAnnual = (asOf: ScreenAsOf) => `
  select c.company_id, a.basis, a.fiscal_year, a.period_start, a.period_end
  from ${COMPANIES} c
  cross join lateral (
    select f.basis, f.fiscal_year, f.period_start, f.period_end
    from ${FACTS} f
    where f.company_id = c.company_id and f.period_type = 'annual' and ${known(asOf)}
    order by f.period_end desc, (f.basis = 'consolidated') desc
    limit 1) a`;

/**
 * The known value of each concept in the screened year and, where growth needs it, the
 * year before, with its `known_at`: durations of the whole year, balances at its end; the
 * year before is the one covering the same days a year earlier (by dates, never by fiscal
 * label, as `evaluateGrowth` pairs them), so a fiscal-year change pairs nothing.
 */
function conceptValues(concepts: readonly ReportedConcept[], withPrior: boolean, asOf: ScreenAsOf): string {
  const end = (year: string) => `case ${year} when 'cur' then l.period_end else ${yearEarlierSql('l.period_end')} end`;
  const start = (year: string) => `case ${year} when 'cur' then l.period_start else ${yearEarlierSql('l.period_start')} end`;
  return `
  select distinct on (f.company_id, f.concept, y.year) f.company_id, f.concept, y.year, f.value, f.known_at,
         f.period_end, f.filing_id
  from latest l
  cross join (values ${withPrior ? "('cur'), ('pri')" : "('cur')"}) y(year)
  join ${FACTS} f on f.company_id = l.company_id and f.basis = l.basis and f.period_end = ${end('y.year')}
  where ${known(asOf)}
    and f.concept in (${concepts.map(literal).join(', ')})
    and case when f.concept in (${BALANCE_SHEET_LIST}) then f.period_type = 'instant'
             else f.period_type = 'annual' and (y.year = 'cur' or f.period_start = ${start('y.year')}) end
  order by f.company_id, f.concept, y.year, (f.period_start = l.period_start) desc, f.period_start`;
}

const pivotColumn = ([concept, year]: readonly [ReportedConcept, ConceptYear]) =>
  `max(v.value) filter (where v.concept = ${literal(concept)} and v.year = '${year}') as ${conceptColumn(concept, year)}`;

function factsCte(metricIds: readonly string[], asOf: ScreenAsOf): string {
  const metrics = metricIds.map((id) => {
    const metric = BY_ID.get(id);
    if (!metric) throw new Error(`the facts source has no metric ${id}`);
    return metric;
  });
  const columns = [...new Map(metrics.flatMap((m) => m.concepts).map((c) => [`${c[1]}_${c[0]}`, c])).values()];
  const concepts = [...new Set(columns.map(([concept]) => concept))];
  const withPrior = columns.some(([, year]) => year === 'pri');
  return `
    with latest as (${latestAnnual(asOf)}),
    concept_values as (${conceptValues(concepts, withPrior, asOf)}),
    pivot as (
      select l.company_id, l.basis, l.fiscal_year, l.period_start, l.period_end, max(v.known_at) as known_at,
             ${inputsSql('v.concept', 'v.period_end', 'v.known_at', 'v.filing_id')} filter (where v.concept is not null) as inputs,
             ${columns.map(pivotColumn).join(',\n             ')}
      from latest l left join concept_values v on v.company_id = l.company_id
      group by l.company_id, l.basis, l.fiscal_year, l.period_start, l.period_end
    )
    select company_id, basis, 'annual'::text as period_type, period_start, period_end, fiscal_year::int as fiscal_year, known_at, inputs,
           ${metrics.map((m) => `${m.sql} as ${quoteIdentifier(m.id)}`).join(',\n           ')}
    from pivot`;
}

/**
 * Ratios and year-on-year growth from the facts of each company's latest fiscal year as
 * known at the screen's instant, computed in SQL from the same formulas as `computeMetrics`
 * (a test holds them equal). `known_at` is the newest of the facts read.
 */
export const factsScreenSource: ScreenSource = {
  id: 'facts',
  dataset: 'financials',
  metrics: FACTS_SCREEN_METRICS,
  cte: (metricIds, _param, asOf) => factsCte(metricIds, asOf),
};
