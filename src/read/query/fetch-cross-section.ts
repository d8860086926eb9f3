import { type CrossSectionPeriod, type CrossSectionPosition, calendarQuarterDays, crossSection } from '#projections/facts';
import { CALENDAR_QUARTER_PATTERN, CROSS_SECTION_MAX_ROWS, type CrossSectionStep } from '#schemas/query';
import type { Fact } from '#schemas/read-models';
import type { SqlExecutor } from '#platform/db';

// Rows per statement: a few round trips for the whole bound, none of them large.
const PAGE_ROWS = 500;

/** The calendar quarter of a step as numbers, or undefined for a fiscal period. */
export function calendarQuarterOfStep(step: CrossSectionStep): { year: number; quarter: number } | undefined {
  const [, year, quarter] = CALENDAR_QUARTER_PATTERN.exec(step.calendar_quarter ?? '') ?? [];
  return year === undefined || quarter === undefined ? undefined : { year: Number(year), quarter: Number(quarter) };
}

/** The first and last day of a step's calendar quarter; undefined for a fiscal period. */
export function calendarDaysOfStep(step: CrossSectionStep): { first: string; last: string } | undefined {
  const calendar = calendarQuarterOfStep(step);
  return calendar && calendarQuarterDays(calendar.year, calendar.quarter);
}

function periodOf(step: CrossSectionStep): CrossSectionPeriod {
  const calendar = calendarQuarterOfStep(step);
  if (calendar) return { kind: 'calendar', ...calendar };
  return { kind: 'fiscal', fiscalYear: step.fiscal_year ?? 0, fiscalQuarter: step.fiscal_quarter ?? undefined };
}

/** The rows read, and whether they are all the rows there are. */
export interface CrossSectionRows {
  readonly facts: Fact[];
  readonly complete: boolean;
}

/**
 * The rows of a cross-section as known at `asOf` (undefined: now), page after page, at most
 * `maxRows`: one row more is asked for, to tell whether the rows stop there.
 */
export async function fetchCrossSection(
  db: SqlExecutor,
  step: CrossSectionStep,
  asOf: string | null,
  maxRows = CROSS_SECTION_MAX_ROWS,
): Promise<CrossSectionRows> {
  const facts: Fact[] = [];
  let after: CrossSectionPosition | undefined;
  for (;;) {
    const page = await crossSection(db, {
      concept: step.concept,
      length: step.period,
      period: periodOf(step),
      basis: step.basis ?? undefined,
      view: 'as_of',
      asOf: asOf ?? undefined,
      limit: Math.min(PAGE_ROWS, maxRows + 1 - facts.length),
      after,
    });
    facts.push(...page.facts);
    if (!page.next || facts.length > maxRows) break;
    after = page.next;
  }
  return { facts: facts.slice(0, maxRows), complete: facts.length <= maxRows };
}

// Query values with nothing to escape but ':' (legal in a query) and '+' of an offset (not a space).
const queryValue = (value: string | number) => encodeURIComponent(String(value)).replace(/%3A/gi, ':');

/**
 * `GET /v1/cross-section` with the query string that gives every row of the step: the largest
 * page, to be followed by meta.next_cursor (or one file with format=parquet).
 */
export function crossSectionPath(step: CrossSectionStep, asOf: string | null): string {
  const params: [string, string | number | null][] = [
    ['concept', step.concept],
    ['fiscal_year', step.fiscal_year],
    ['fiscal_quarter', step.fiscal_quarter],
    ['calendar_quarter', step.calendar_quarter],
    ['period', step.period],
    ['basis', step.basis],
    ['as_of', asOf],
    ['limit', CROSS_SECTION_MAX_ROWS],
  ];
  const query = params.flatMap(([name, value]) => (value === null ? [] : [`${name}=${queryValue(value)}`])).join('&');
  return `/v1/cross-section?${query}`;
}
