import { expect, it } from 'vitest';
import { type RetrievalPlanInput, RetrievalPlanSchema } from '#schemas/query/plan';
import type { ScreenPredicate } from '#schemas/read-models/screen';
import { type PlannerOptions, planQuestion } from '#read/query/planner/plan-question';

/**
 * The planner's tables (src/read/query/planner/plan-question.<table>.unit.spec.ts): each row is a
 * question and the plan expected for it, written with only what differs from the schema's defaults
 * (reference, fiscal_year, fiscal_quarter, as_of, condition, search_text and sort null; concepts,
 * filters and event_types empty; period annual; basis consolidated).
 * Keep each expected plan an object literal that opens with `route:`: plannerQuestions() reads the
 * questions of every table from rows of that form.
 */
export type PlanRow = readonly [question: string, expected: RetrievalPlanInput];

/** The fixed "today" of the tables: 2025-02-10 is in Q4 FY2025. */
export const TODAY = '2025-02-10';

/** An expected plan completed by the schema's defaults. */
export const complete = (plan: RetrievalPlanInput) => RetrievalPlanSchema.parse(plan);

/**
 * One test a row: the question is planned to exactly its expected plan. "today" is TODAY unless
 * the options say otherwise ({} plans without a today).
 */
export function itPlansEach(rows: readonly PlanRow[], options: PlannerOptions = { today: TODAY }, name = '%s'): void {
  it.each(rows)(name, (question, expected) => {
    expect(planQuestion(question, options).plan).toEqual(complete(expected));
  });
}

/** The figures of one fiscal quarter: Q3 FY25 is quarter(2025, 3). */
export const quarter = (fiscal_year: number, fiscal_quarter: number) => ({ fiscal_year, fiscal_quarter, period: 'quarterly' }) as const;

/** A balance at the last day of a fiscal quarter: 31 March 2024 is quarterEnd(2024, 4). */
export const quarterEnd = (fiscal_year: number, fiscal_quarter: number) => ({ fiscal_year, fiscal_quarter, period: 'instant' }) as const;

/** What was known at the start of a day, UTC: "as of 1 June 2023" is asOf('2023-06-01'). */
export const asOf = (day: string) => ({ as_of: `${day}T00:00:00Z` });

/** The days of an event window, both ends included. */
export const between = (date_from: string, date_to: string) => ({ date_from, date_to });

/** An event window of one calendar year: "in 2020" is inYear(2020). */
export const inYear = (year: number) => between(`${year}-01-01`, `${year}-12-31`);

/** A screen predicate: "ROE above 20%" is where('return_on_equity', '>', '0.2'). */
export function where(metric: string, operator: ScreenPredicate['operator'], value: string): ScreenPredicate {
  return { metric, operator, value };
}
