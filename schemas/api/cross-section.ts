import { z } from 'zod';
import {
  FactConceptSchema,
  FactViewSchema,
  FiscalQuarterSchema,
  FiscalYearSchema,
  PeriodTypeSchema,
  BasisSchema,
  IsoDateSchema,
  UuidSchema,
} from '#schemas/common';
import { FactSchema, MetricIdSchema, MetricSchema } from '#schemas/read-models';
import { envelope } from './envelope.ts';
import { latestTakesNoAsOf, ResolvedTimeMeta } from './financials.ts';
import { AsOfParam, cursorParam, limitParam, RecordedAsOfParam, valueError } from './params.ts';

/** Where the next page of a concept's cross-section starts: the last row's company, basis, period type and end. */
export const FactCrossSectionCursorSchema = z.tuple([UuidSchema, BasisSchema, PeriodTypeSchema, IsoDateSchema]);

/** Where the next page of a metric's cross-section starts: the last company period's company, basis, start and end. */
export const MetricCrossSectionCursorSchema = z.tuple([UuidSchema, BasisSchema, IsoDateSchema, IsoDateSchema]);

/** Either cursor: a period type is never a date, so the two never read alike. */
export const CrossSectionCursorSchema = z.union([FactCrossSectionCursorSchema, MetricCrossSectionCursorSchema]);
export type CrossSectionCursor = z.infer<typeof CrossSectionCursorSchema>;

const CALENDAR_QUARTER = /^(\d{4})Q([1-4])$/;

/** A check across fields, on a field that was sent (its value is the error's input), or on the whole query. */
const problem = (ctx: z.RefinementCtx, field: string | undefined, message: string) =>
  valueError(ctx, field === undefined ? [] : [field], message);

/** The fields naming a cross-section's period, as the query and the screen_companies tool's cross_section take them. */
export interface CrossSectionPeriodFields {
  readonly fiscal_year?: number | undefined;
  readonly fiscal_quarter?: number | undefined;
  readonly calendar_quarter?: string | undefined;
  readonly period?: 'quarterly' | 'annual' | undefined;
}

/** The checks across the period fields: one of fiscal_year and calendar_quarter, and a fiscal_quarter only in a quarterly fiscal year. */
export function checkCrossSectionPeriod(query: CrossSectionPeriodFields, ctx: z.RefinementCtx): void {
  if (query.fiscal_year === undefined && query.calendar_quarter === undefined) {
    // Neither is there to be named: the error is the query's, as pydantic words a model's own check.
    problem(ctx, undefined, 'give one of fiscal_year and calendar_quarter');
  }
  if (query.fiscal_year !== undefined && query.calendar_quarter !== undefined) {
    problem(ctx, 'calendar_quarter', 'give one of fiscal_year and calendar_quarter, not both');
  }
  if (query.fiscal_quarter !== undefined && query.fiscal_year === undefined) {
    problem(ctx, 'fiscal_quarter', 'fiscal_quarter needs fiscal_year');
  }
  if (query.fiscal_quarter !== undefined && query.period === 'annual') {
    problem(ctx, 'fiscal_quarter', 'an annual period has no fiscal_quarter');
  }
  if (query.fiscal_year !== undefined && query.fiscal_quarter === undefined && query.period === 'quarterly') {
    problem(ctx, 'period', 'period=quarterly needs fiscal_quarter');
  }
}

export const CrossSectionQuerySchema = z
  .object({
    concept: FactConceptSchema.optional().describe('One reported concept, e.g. Revenue; or give metric'),
    metric: MetricIdSchema.optional().describe(
      'Instead of concept: one derived metric (a ratio or <Concept>_growth, GET /v1/financial-metrics), computed for each company from the facts of the view, null with its reason where an input is missing',
    ),
    fiscal_year: FiscalYearSchema.optional().describe(
      "The fiscal year as each company defines it (its filings' financial-year dates), named by the calendar year it ends in",
    ),
    fiscal_quarter: FiscalQuarterSchema.optional().describe('The quarter of that fiscal year (1..4), with period=quarterly'),
    calendar_quarter: z
      .string()
      .regex(CALENDAR_QUARTER, 'YYYYQn, e.g. 2024Q4')
      .optional()
      .describe(
        'Instead of fiscal_year: the periods ending in this calendar quarter (YYYYQn, e.g. 2024Q4 is October to December 2024), for comparing companies on different fiscal calendars',
      ),
    period: z
      .enum(['quarterly', 'annual'])
      .optional()
      .describe(
        'quarterly (3-month periods, and balance sheets at the quarter end) or annual (years, and balance sheets at the year end); quarterly when fiscal_quarter or calendar_quarter is given, else annual',
      ),
    basis: BasisSchema.optional().describe('consolidated or standalone; both when omitted, a row each'),
    as_of: AsOfParam.optional(),
    recorded_as_of: RecordedAsOfParam.optional(),
    view: FactViewSchema.default('as_of'),
    limit: limitParam(2000, 500),
    cursor: cursorParam(CrossSectionCursorSchema).optional(),
    format: z
      .enum(['json', 'parquet'])
      .default('json')
      .describe(
        'json (default): one page in the envelope; parquet: every row from cursor on as one Apache Parquet file, read limit rows at a time (the columns of the financials export, value an exact DECIMAL)',
      ),
  })
  .superRefine(latestTakesNoAsOf)
  .superRefine(checkCrossSectionPeriod)
  .superRefine((query, ctx) => {
    if (query.concept === undefined && query.metric === undefined) problem(ctx, undefined, 'give one of concept and metric');
    if (query.concept !== undefined && query.metric !== undefined) problem(ctx, 'metric', 'give one of concept and metric, not both');
    const cursor = query.cursor;
    if (cursor === undefined) return;
    const metricCursor = MetricCrossSectionCursorSchema.safeParse(cursor).success;
    if (metricCursor !== (query.metric !== undefined)) {
      problem(ctx, 'cursor', `this cursor is a ${metricCursor ? 'metric' : 'concept'}'s: pass the next_cursor of the same query`);
    }
  });
export type CrossSectionQuery = z.infer<typeof CrossSectionQuerySchema>;

/** `calendar_quarter` as numbers, once the query has been validated. */
export function calendarQuarterOf(text: string): { year: number; quarter: number } {
  const [, year = '', quarter = ''] = CALENDAR_QUARTER.exec(text) ?? [];
  return { year: Number(year), quarter: Number(quarter) };
}

export const CrossSectionResponseSchema = envelope(
  z
    .union([z.array(FactSchema), z.array(MetricSchema)])
    .describe('Facts for a concept (the objects /v1/financials returns); metrics for a metric (those /v1/financial-metrics returns)'),
  {
    concept: FactConceptSchema.nullable(),
    metric: MetricIdSchema.nullable(),
    period: z.enum(['quarterly', 'annual']),
    fiscal_year: FiscalYearSchema.nullable(),
    fiscal_quarter: FiscalQuarterSchema.nullable(),
    calendar_quarter: z.string().nullable(),
    basis: BasisSchema.nullable(),
    ...ResolvedTimeMeta,
    count: z.number().int().describe('Rows in this page (for a metric, at most limit; fewer does not mean the last page)'),
    limit: z.number().int(),
    next_cursor: z.string().nullable().describe('Pass as cursor for the next page; null on the last page'),
    dataset: z.string(),
  },
).meta({ id: 'CrossSectionResponse' });
