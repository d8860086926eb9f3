import { z } from 'zod';
import { isFactConcept } from '#schemas/common';

/** "2024Q4": October to December 2024, as `GET /v1/cross-section` names a calendar quarter. */
export const CALENDAR_QUARTER_PATTERN = /^(\d{4})Q([1-4])$/;

/**
 * The cross-section step of a plan (extension `cross_section`, route `filter`): one reported
 * concept for one period over every company, as known at `as_of`, read through
 * `crossSection` (projections/facts/cross-section.ts), as `GET /v1/cross-section` reads it.
 * The step is run with its own period and basis, not the plan's; its as_of, else the plan's.
 */
export const CrossSectionStepSchema = z
  .object({
    // A string checked against the concepts, not their enum: the enum would cost the MCP tool list a kilobyte.
    concept: z.string().max(60).refine(isFactConcept, 'a reported concept, e.g. Revenue'),
    // FiscalYearSchema's and FiscalQuarterSchema's bounds, without their descriptions (the size of the MCP tool list).
    fiscal_year: z.number().int().min(1900).max(2200).nullable().default(null),
    fiscal_quarter: z.number().int().min(1).max(4).nullable().default(null),
    calendar_quarter: z.string().regex(CALENDAR_QUARTER_PATTERN, 'YYYYQn, e.g. 2024Q4').nullable().default(null),
    period: z.enum(['quarterly', 'annual']),
    basis: z.enum(['consolidated', 'standalone']).nullable().default(null).describe('null: consolidated where filed'),
    as_of: z.iso.datetime({ offset: true }).nullable().default(null),
  })
  .strict()
  .superRefine((step, ctx) => {
    const problem = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if ((step.fiscal_year === null) === (step.calendar_quarter === null))
      problem('fiscal_year', 'give one of fiscal_year and calendar_quarter');
    if (step.fiscal_quarter !== null && (step.fiscal_year === null || step.period === 'annual'))
      problem('fiscal_quarter', 'fiscal_quarter needs fiscal_year and period quarterly');
    if (step.fiscal_year !== null && step.fiscal_quarter === null && step.period === 'quarterly')
      problem('period', 'period quarterly needs fiscal_quarter');
    if (step.calendar_quarter !== null && step.period === 'annual') problem('period', 'a calendar quarter is quarterly');
    const year = Number(CALENDAR_QUARTER_PATTERN.exec(step.calendar_quarter ?? '')?.[1] ?? 2000);
    if (year < 1900 || year > 2200) problem('calendar_quarter', 'the year is 1900..2200, as fiscal years are');
  })
  .describe('One concept and period over every company');
export type CrossSectionStep = z.infer<typeof CrossSectionStepSchema>;

/** Most rows a research query reads of one cross-section; `GET /v1/cross-section` pages through all of them. */
export const CROSS_SECTION_MAX_ROWS = 2000;

/** What a cross-section step read: the packet's facts are its largest figures, one per company. */
export const CrossSectionResultSchema = z
  .object({
    companies: z.number().int().min(0).describe('Companies that had reported it by as_of, among the rows read'),
    rows_read: z.number().int().min(0).describe('Rows read'),
    max_rows: z.number().int().min(1).describe('Most rows read'),
    complete: z.boolean().describe('false: stopped at max_rows, companies is a lower bound'),
    as_of: z.string().nullable().describe('null: now'),
    full_list: z.string().describe('The GET /v1/cross-section URL of every row (docs/views.md)'),
  })
  .describe('What a cross-section step read');
export type CrossSectionResult = z.infer<typeof CrossSectionResultSchema>;
