import { calendarQuarterOf, type CrossSectionPeriodFields } from '#schemas/api';
import type { FactConcept, FactView, Basis } from '#schemas/common';
import type { Fact } from '#schemas/read-models';
import type { SqlExecutor } from '#platform/db';
import { type FactPageJsonRow, factPageJsonQuery } from './fact-json.ts';
import { readFacts, versionOfView } from './queries.ts';
import { SELECT_FACT, selectFactRecordedBy } from './select-fact.ts';
import { fiscalPeriodCode } from './tables.ts';

/** A fiscal period as each company defines it, or the calendar quarter its end falls in. */
export type CrossSectionPeriod =
  | { readonly kind: 'fiscal'; readonly fiscalYear: number; readonly fiscalQuarter?: number | undefined }
  | { readonly kind: 'calendar'; readonly year: number; readonly quarter: number };

/**
 * The period the fields name, as `GET /v1/cross-section` reads them: quarterly when a
 * fiscal_quarter or calendar_quarter is given, else annual, unless `period` says.
 */
export function crossSectionPeriodOf(fields: CrossSectionPeriodFields): CrossSectionPeriodParams {
  const quarterGiven = fields.fiscal_quarter !== undefined || fields.calendar_quarter !== undefined;
  const length = fields.period ?? (quarterGiven ? 'quarterly' : 'annual');
  const period: CrossSectionPeriod =
    fields.calendar_quarter === undefined
      ? { kind: 'fiscal', fiscalYear: fields.fiscal_year ?? 0, fiscalQuarter: fields.fiscal_quarter }
      : { kind: 'calendar', ...calendarQuarterOf(fields.calendar_quarter) };
  return { length, period };
}

/** Where a row stands in a cross-section's order: company, then basis, period type and end. */
export interface CrossSectionPosition {
  readonly companyId: string;
  readonly basis: Basis;
  readonly periodType: string;
  readonly periodEnd: string;
}

export interface CrossSectionParams {
  readonly concept: FactConcept;
  /** Quarters (3-month durations, and balance sheets at a quarter's end) or years (and balance sheets at a year's end). */
  readonly length: 'quarterly' | 'annual';
  readonly period: CrossSectionPeriod;
  readonly basis?: Basis | undefined;
  readonly view: FactView;
  /** Only what was knowable at this instant; undefined means now. `latest` ignores it. */
  readonly asOf?: string | undefined;
  /** What this service had recorded by this instant; undefined means its record now. */
  readonly recordedAsOf?: string | undefined;
  readonly limit: number;
  readonly after?: CrossSectionPosition | undefined;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The first and last day of a calendar quarter. */
export function calendarQuarterDays(year: number, quarter: number): { first: string; last: string } {
  const lastMonth = quarter * 3;
  const lastDay = new Date(Date.UTC(year, lastMonth, 0)).getUTCDate();
  return { first: `${year}-${pad(lastMonth - 2)}-01`, last: `${year}-${pad(lastMonth)}-${pad(lastDay)}` };
}

/** What a cross-section reads as of when: the view and the two instants of its params. */
export type CrossSectionTimes = Pick<CrossSectionParams, 'view' | 'asOf' | 'recordedAsOf'>;

/**
 * The facts of rows `f` meeting `keys` (fact-key columns only), each in the version the view
 * chooses at `asOf`, from the record as it stands or as it was at `recordedAsOf`: a statement
 * a query appends its own conditions and order to.
 */
export function factsOfView(times: CrossSectionTimes, keys: string, param: (value: unknown) => string): string {
  const source = times.recordedAsOf === undefined ? SELECT_FACT : selectFactRecordedBy(keys, param(times.recordedAsOf));
  const instant = times.asOf === undefined || times.view === 'latest' ? undefined : param(times.asOf);
  return `${source}
     where ${keys}
       and ${versionOfView(times.view, instant)}`;
}

/** The period of a cross-section, and which period types it takes: `length` and `period` of its params. */
export type CrossSectionPeriodParams = Pick<CrossSectionParams, 'length' | 'period'>;

/**
 * The conditions on rows `f` choosing a cross-section's period, through the fiscal period
 * code of the cross-section index (tables.ts); `param` binds a value and gives its placeholder.
 * - a fiscal quarter: its code, quarters and balance sheets at its end;
 * - a fiscal year: its code (years) and its fourth quarter's (balance sheets at its end);
 * - a calendar quarter: the periods ending in it, of the fiscal year ending in its calendar
 *   year or the next (a fiscal year is named by the calendar year it ends in, and a period
 *   ends at most one fiscal year before its year does), so still one range of codes.
 * `durations` leaves the balance sheets out: only the quarters, or the years.
 */
export function crossSectionPeriodConditions(
  params: CrossSectionPeriodParams,
  param: (value: unknown) => string,
  options: { readonly durations?: boolean } = {},
): string[] {
  const code = fiscalPeriodCode('f');
  const { period } = params;
  const conditions: string[] = [];
  const quarterly = params.length === 'quarterly';
  if (period.kind === 'fiscal') {
    const base = period.fiscalYear * 10;
    if (quarterly) conditions.push(`${code} = ${param(base + (period.fiscalQuarter ?? 0))}::int`);
    else if (options.durations) conditions.push(`${code} = ${param(base)}::int`);
    else conditions.push(`${code} in (${param(base)}::int, ${param(base + 4)}::int)`);
  } else {
    const { first, last } = calendarQuarterDays(period.year, period.quarter);
    conditions.push(
      `${code} between ${param(period.year * 10)}::int and ${param((period.year + 1) * 10 + 4)}::int`,
      `f.period_end between ${param(first)}::date and ${param(last)}::date`,
    );
  }
  if (options.durations) conditions.push(quarterly ? `f.period_type = 'quarterly'` : `f.period_type = 'annual'`);
  else
    conditions.push(
      quarterly
        ? `f.period_type in ('quarterly', 'instant')`
        : `(f.period_type = 'annual' or (f.period_type = 'instant' and f.fiscal_quarter = 4))`,
    );
  return conditions;
}

/**
 * The statement of one page of a cross-section: every company's fact of one concept and
 * period (`crossSectionPeriodConditions`), the version the view chooses, in company order
 * after `after`.
 */
export function crossSectionQuery(params: CrossSectionParams): { text: string; values: unknown[] } {
  const values: unknown[] = [params.concept, params.basis ?? null, params.limit];
  const param = (value: unknown): string => `$${values.push(value)}`;
  const periodConditions = crossSectionPeriodConditions(params, param);
  const keys = `f.concept = $1 and ($2::text is null or f.basis = $2) and ${periodConditions.join(' and ')}`;
  const facts = factsOfView(params, keys, param);
  const after = params.after
    ? `and (f.company_id, f.basis, f.period_type, f.period_end) > (${param(params.after.companyId)}::uuid, ${param(params.after.basis)}::text, ${param(params.after.periodType)}::text, ${param(params.after.periodEnd)}::date)`
    : '';
  return {
    text: `${facts}
       ${after}
     order by f.company_id, f.basis, f.period_type, f.period_end
     limit $3`,
    values,
  };
}

/** A page of a cross-section: the facts, and where the next page starts (undefined on the last). */
export interface CrossSectionPage {
  readonly facts: Fact[];
  readonly next: CrossSectionPosition | undefined;
}

/**
 * One page of a cross-section: for every company with a fact of `concept` for the period, the
 * version `view` chooses as known at `asOf`. A company that had not reported it by then is
 * absent, never zero. At most one row per company, basis and period type, as of one instant.
 */
export async function crossSection(db: SqlExecutor, params: CrossSectionParams): Promise<CrossSectionPage> {
  const facts = await readFacts(db, crossSectionQuery(params));
  const last = facts.at(-1);
  const next =
    facts.length === params.limit && last
      ? { companyId: last.company.id, basis: last.basis, periodType: last.period.type, periodEnd: last.period.end }
      : undefined;
  return { facts, next };
}

// The order of a cross-section's rows (`crossSectionQuery`), on the rows of its statement.
const CROSS_SECTION_ORDER = ['f.company_id::uuid', 'f.basis', 'f.period_type', 'f.period_end'];

/** The statement of one page of a cross-section as JSON (`factPageJsonQuery`): what `crossSectionJson` runs. */
export function crossSectionJsonQuery(params: CrossSectionParams): { text: string; values: unknown[] } {
  const { text, values } = crossSectionQuery(params);
  return { text: factPageJsonQuery(text, CROSS_SECTION_ORDER), values };
}

/** A page of a cross-section as JSON: the facts' JSON objects joined by commas, and where the next page starts. */
export interface CrossSectionJsonPage {
  /** The facts `crossSection` reads, as JSON.stringify writes each, joined by commas; empty when none. */
  readonly json: string;
  readonly count: number;
  readonly next: CrossSectionPosition | undefined;
}

/**
 * The page `crossSection` reads, written as JSON by PostgreSQL in one column (`factPageJsonQuery`):
 * a page of 2,000 facts costs the process one string, not 50,000 decoded values, 2,000
 * objects and their serialisation; the work goes to the database's backends, which run on
 * every core.
 */
export async function crossSectionJson(db: SqlExecutor, params: CrossSectionParams): Promise<CrossSectionJsonPage> {
  const { text, values } = crossSectionJsonQuery(params);
  const { rows } = await db.query<FactPageJsonRow>(text, values);
  const row = rows[0];
  const count = row?.count ?? 0;
  const last = row?.last;
  const next =
    count === params.limit && last && last.length === 4
      ? { companyId: last[0] ?? '', basis: last[1] as Basis, periodType: last[2] ?? '', periodEnd: last[3] ?? '' }
      : undefined;
  return { json: row?.json ?? '', count, next };
}
