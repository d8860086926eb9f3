import { z } from 'zod';
import { BasisSchema, DecimalStringSchema, IsoDateSchema, IsoDateTimeSchema, UuidSchema } from '#schemas/common';
import { CompanyIdentitySchema } from './company.ts';

export const SCREEN_OPERATORS = ['>', '>=', '<', '<=', '=', '!='] as const;

export const ScreenOperatorSchema = z.enum(SCREEN_OPERATORS).describe('Comparison of the metric with the value');
export type ScreenOperator = z.infer<typeof ScreenOperatorSchema>;

/**
 * SPEC.md's decimal-number string: an optional sign, digits with an optional decimal
 * point, and not only signs and dots ("12", "-0.5", ".5", "5." pass; "", "-", "." fail).
 */
export const DECIMAL_INPUT_PATTERN = /^[+-]?(\d+\.?\d*|\.\d+)$/;

export const DecimalInputSchema = z
  .union([
    z.number().describe('A JSON number'),
    z
      .string()
      .regex(DECIMAL_INPUT_PATTERN, 'must be a decimal number: optional sign, digits, optional decimal point')
      .describe('A decimal number as a string, e.g. "0.15" or "-2"'),
  ])
  .describe('A number, or a string holding a decimal number (exact: strings are never turned into floats)');
export type DecimalInput = z.infer<typeof DecimalInputSchema>;

/** A structured constraint evaluated by the data store, never by a model. */
export const ScreenPredicateSchema = z
  .object({
    metric: z
      .string()
      .min(1)
      .max(60)
      .describe('A screenable metric id, e.g. net_margin or Revenue_growth; list_screen_metrics gives the accepted ids'),
    operator: ScreenOperatorSchema,
    value: DecimalInputSchema.describe("The value the metric is compared with, in the metric's unit (ratios: 0.15 means 15%)"),
  })
  .strict()
  .meta({ id: 'ScreenPredicate' })
  .describe('A screening constraint: metric, operator, value');
export type ScreenPredicate = z.infer<typeof ScreenPredicateSchema>;

export const ScreenMetricUnitSchema = z
  .enum(['INR', 'ratio', 'percent', 'INR/share'])
  .describe('INR: rupees; ratio: a pure number (0.15 = 15%); percent: a percentage (15 = 15%); INR/share: rupees per share');
export type ScreenMetricUnit = z.infer<typeof ScreenMetricUnitSchema>;

export const ScreenMetricSchema = z
  .object({
    id: z.string().describe('The id to use in a ScreenPredicate or as sort'),
    label: z.string().describe('Name for people'),
    unit: ScreenMetricUnitSchema,
    description: z.string().describe('What the metric is and which period it is taken from'),
    source: z.string().describe('Where the value comes from, e.g. facts (the latest annual results)'),
  })
  .describe('A metric companies can be screened on');
export type ScreenMetric = z.infer<typeof ScreenMetricSchema>;

/**
 * Sort by one screenable metric: `net_margin` ascending, `-net_margin` descending. Companies
 * without a value come last either way.
 */
export const ScreenSortSchema = z
  .string()
  .min(1)
  .max(61)
  .describe('A screenable metric id to sort by, prefixed with "-" for descending; companies without a value come last');

export const ScreenRequestSchema = z
  .object({
    filters: z.array(ScreenPredicateSchema).min(1).max(8).describe('Constraints that must all hold'),
    sort: ScreenSortSchema.nullable().optional(),
    limit: z.number().int().min(1).max(100).default(20).describe('Page size, 1..100'),
    offset: z.number().int().min(0).default(0).describe('Rows to skip'),
  })
  .strict()
  .describe('A screen: companies whose metrics satisfy every filter');
export type ScreenRequest = z.input<typeof ScreenRequestSchema>;

export const ScreenInputSchema = z
  .object({
    measure: z
      .string()
      .describe(
        'What was read: a reported concept; close (a daily close) or close_from_bars (a daily close built from 5-minute bars); shareholding_pattern; stock_split or bonus_issue (an action the share count was carried across)',
      ),
    period_end: IsoDateSchema.describe('Last day of the period the input covers, or the day of the close or snapshot'),
    known_at: IsoDateTimeSchema.describe("When the input became knowable: its filing's known_at, a close's 15:30 IST"),
    filing_id: UuidSchema.nullable().describe('The filing the input comes from; null for a price'),
  })
  .describe('One input a screen value was computed from');
export type ScreenInput = z.infer<typeof ScreenInputSchema>;

export const ScreenPeriodSchema = z
  .object({
    source: z.string().describe('The source the values come from'),
    basis: BasisSchema.nullable().describe('consolidated or standalone for facts; null where a source has no basis'),
    period_type: z.string().describe('Kind of period: annual for results, a snapshot or a trading day for other sources'),
    period_start: IsoDateSchema.nullable().describe('First day of the period; null for a date'),
    period_end: IsoDateSchema.describe('Last day of the period, or the date of a snapshot or close'),
    fiscal_year: z.number().int().nullable().describe('Fiscal year of the period, where it has one'),
    known_at: IsoDateTimeSchema.nullable().describe(
      "When the newest input became knowable; never after the screen's as_of; null when no input was found",
    ),
    inputs: z.array(ScreenInputSchema).describe('Each input read from this source, with its own period and known_at'),
  })
  .describe('Which period and basis a source took the values from, and when each input was known');
export type ScreenPeriod = z.infer<typeof ScreenPeriodSchema>;

export const ScreenResultRowSchema = z
  .object({
    company: CompanyIdentitySchema,
    values: z
      .record(z.string(), DecimalStringSchema.nullable())
      .describe('The values of the metrics in the filters and the sort, by metric id; null when unavailable'),
    periods: z.array(ScreenPeriodSchema).describe('One entry per source the values come from'),
  })
  .describe('A company that passed the screen');
export type ScreenResultRow = z.infer<typeof ScreenResultRowSchema>;

export const ScreenResultSchema = z
  .object({
    as_of: IsoDateTimeSchema.nullable().describe(
      'The instant the screen is as known at; null for current knowledge (the latest filings and prices)',
    ),
    total: z.number().int().describe('How many companies pass, over all pages'),
    metrics: z.array(ScreenMetricSchema).describe('The metrics used in filters and sort, with their units'),
    rows: z.array(ScreenResultRowSchema).describe('This page of companies, in sort order'),
  })
  .describe('The result of a screen');
export type ScreenResult = z.infer<typeof ScreenResultSchema>;
