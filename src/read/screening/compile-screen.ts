import type { ScreenMetric, ScreenOperator, ScreenPredicate } from '#schemas/read-models';
import { COMPANIES, COMPANY_LISTINGS } from '#projections/companies';
import { Decimal } from '#platform/decimals';
import { quoteIdentifier } from './formula-sql.ts';
import { ScreenRequestError, UnknownScreenMetricError } from '#platform/errors';
import { filtersIssues, pageIssues, parseSort, sortIssues } from './screen-issues.ts';
import type { ScreenSource } from './screen-source.ts';
import { listScreenMetrics, type ScreenMetricEntry, SCREEN_WHITELIST, type ScreenWhitelist } from './screen-sources.ts';

export interface ScreenParams {
  /** 1..8 predicates that must all hold. */
  readonly filters: readonly ScreenPredicate[];
  /** A metric id, ascending, or `-id`, descending; by company name when absent. */
  readonly sort?: string | null | undefined;
  /** 1..100, default 20. */
  readonly limit?: number | undefined;
  /** 0 or more, default 0. */
  readonly offset?: number | undefined;
  /**
   * What was knowable at this instant (ISO 8601): every value from inputs known by then,
   * over the companies not delisted on its day in India. Current knowledge when absent.
   */
  readonly asOf?: string | null | undefined;
  /** Only this company (a UUID): its values, e.g. one company's market capitalisation. */
  readonly companyId?: string | null | undefined;
}

/** A screen as SQL: the page (with the total over all pages) and a count for pages past the end. */
export interface CompiledScreen {
  readonly pageSql: string;
  readonly pageValues: readonly unknown[];
  readonly countSql: string;
  readonly countValues: readonly unknown[];
  /** The metrics in filters and sort, once each, in order; column `v<i>` holds metric i. */
  readonly metrics: readonly ScreenMetric[];
  /** The sources used; columns `s<i>_basis` … `s<i>_fiscal_year` hold source i's period. */
  readonly sources: readonly string[];
}

export type CompileScreenResult =
  { readonly ok: true; readonly screen: CompiledScreen } | { readonly ok: false; readonly error: ScreenRequestError };

// Fixed operator text chosen by the enum value; never user text.
const OPERATOR_SQL: Readonly<Record<ScreenOperator, string>> = { '>': '>', '>=': '>=', '<': '<', '<=': '<=', '=': '=', '!=': '<>' };

/** The columns every source's CTE has besides company_id and its metrics. */
export const CONTEXT_COLUMNS = ['basis', 'period_type', 'period_start', 'period_end', 'fiscal_year', 'known_at', 'inputs'] as const;

/** The predicate value as exact decimal text: a JSON number by its shortest form, a string as written. */
const decimalText = (value: number | string): string => new Decimal(value).toFixed();

function validate(params: ScreenParams, whitelist: ScreenWhitelist): ScreenRequestError | undefined {
  const issues = [
    ...filtersIssues(whitelist, params.filters),
    ...sortIssues(whitelist, params.sort),
    ...pageIssues(params.limit ?? 20, params.offset ?? 0),
  ];
  if (issues.length === 0) return undefined;
  if (issues.some((i) => i.type === 'unknown_metric')) {
    return new UnknownScreenMetricError(
      issues,
      listScreenMetrics(whitelist).map((m) => m.id),
    );
  }
  return new ScreenRequestError(issues);
}

interface SourceUse {
  readonly source: ScreenSource;
  readonly metricIds: string[];
  /** Used by a filter: inner-joined. Used by the sort only: left-joined. */
  filtered: boolean;
}

/** The metrics in filters and sort, and the sources they need in order of first use. */
function planOf(params: ScreenParams, entryOf: (id: string) => ScreenMetricEntry) {
  const metrics: ScreenMetric[] = [];
  const sources: SourceUse[] = [];
  const use = (id: string, filtered: boolean) => {
    const entry = entryOf(id);
    if (!metrics.some((m) => m.id === id)) metrics.push(entry.metric);
    let used = sources.find((s) => s.source === entry.source);
    if (!used) sources.push((used = { source: entry.source, metricIds: [], filtered }));
    used.filtered ||= filtered;
    if (!used.metricIds.includes(id)) used.metricIds.push(id);
  };
  for (const filter of params.filters) use(filter.metric, true);
  if (params.sort) use(parseSort(params.sort).metric, false);
  return { metrics, sources };
}

/**
 * The universe of a screen as of an instant: every company but those whose listings show
 * them delisted on that day in India (and listed nowhere). A company since delisted is in,
 * so a back-test over the screen has no survivorship bias; one no list dates is in too.
 */
const notDelistedOn = (companyId: string, asOf: string) => `not coalesce((
        select bool_and(l.status = 'delisted') from ${COMPANY_LISTINGS} l
        where l.company_id = ${companyId} and l.valid_from <= (${asOf}::timestamptz at time zone 'Asia/Kolkata')::date
          and (l.valid_to is null or (${asOf}::timestamptz at time zone 'Asia/Kolkata')::date < l.valid_to)), false)`;

/**
 * Compiles a screen to SQL. Every identifier and fragment comes from the whitelist, looked
 * up by metric id; the predicate values, limit and offset are bound parameters. Pure: an
 * invalid request is returned as an error value.
 */
export function compileScreen(params: ScreenParams, whitelist: ScreenWhitelist = SCREEN_WHITELIST): CompileScreenResult {
  const error = validate(params, whitelist);
  if (error) return { ok: false, error };
  const entryOf = (id: string) => {
    const entry = whitelist.get(id);
    if (!entry) throw new Error(`unchecked screen metric ${id}`);
    return entry;
  };
  const { metrics, sources } = planOf(params, entryOf);
  const values: unknown[] = [];
  const param = (value: unknown) => `$${values.push(value)}`;

  const asOf = params.asOf ? param(params.asOf) : null;
  const alias = (source: ScreenSource) => quoteIdentifier(source.id);
  const column = (id: string) => `${alias(entryOf(id).source)}.${quoteIdentifier(id)}`;
  const ctes = sources.map(({ source, metricIds }) => `${alias(source)} as (${source.cte(metricIds, param, asOf)})`);
  const [first, ...rest] = sources;
  if (!first) throw new Error('a screen has at least one filter');
  const joins = rest.map(({ source, filtered }) => `${filtered ? 'join' : 'left join'} ${alias(source)} using (company_id)`);
  const where = params.filters.map((f) => `${column(f.metric)} ${OPERATOR_SQL[f.operator]} ${param(decimalText(f.value))}::numeric`);
  if (asOf !== null) where.push(notDelistedOn(`${alias(first.source)}.company_id`, asOf));
  if (params.companyId) where.push(`${alias(first.source)}.company_id = ${param(params.companyId)}::uuid`);
  const selected = [
    ...metrics.map((m, i) => [column(m.id), `v${i}`] as const),
    ...sources.flatMap(({ source }, i) => CONTEXT_COLUMNS.map((c) => [`${alias(source)}.${c}`, `s${i}_${c}`] as const)),
  ];
  const withClause = `with ${ctes.join(',\n')},
    matched as (
      select company_id, ${selected.map(([expression, name]) => `${expression} as ${name}`).join(', ')}
      from ${alias(first.source)} ${joins.join(' ')}
      where ${where.join(' and ')}
    )`;
  const countValues = [...values];

  const sort = params.sort ? parseSort(params.sort) : undefined;
  const sortColumn = sort ? `m.v${metrics.findIndex((m) => m.id === sort.metric)} ${sort.descending ? 'desc' : 'asc'} nulls last, ` : '';
  const pageSql = `${withClause}
    select m.company_id::text as company_id, ${selected.map(([, name]) => `m.${name}`).join(', ')},
           c.name, c.nse_symbol, c.bse_code, c.isin, c.cin, count(*) over () as total
    from matched m left join ${COMPANIES} c on c.company_id = m.company_id
    order by ${sortColumn}c.name, m.company_id
    limit ${param(params.limit ?? 20)} offset ${param(params.offset ?? 0)}`;
  const countSql = `${withClause}
    select count(*) as total from matched`;
  return { ok: true, screen: { pageSql, pageValues: values, countSql, countValues, metrics, sources: sources.map((s) => s.source.id) } };
}
