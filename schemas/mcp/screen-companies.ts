import { z } from 'zod';
import { checkCrossSectionPeriod, CrossSectionQuerySchema } from '#schemas/api';
import { FactConceptSchema, FiscalQuarterSchema, FiscalYearSchema, BasisSchema } from '#schemas/common';
import { ScreenRequestSchema, ScreenResultSchema, ScreenSortSchema, ScreenFilterInputSchema } from '#schemas/read-models';
import { AsOfInputSchema, ToolPageSchema } from './common.ts';

/** Rows a cross-section page may skip: deeper pages would read (and drop) ever more rows. */
export const MAX_CROSS_SECTION_OFFSET = 10_000;

const query = CrossSectionQuerySchema.shape;

/**
 * A plain cross-section instead of a screen: the fields of `GET /v1/cross-section`'s query
 * naming the period and basis, with its checks across them, for one reported concept. The
 * concept is a string checked when the tool runs, as the other tools take concept ids, and the
 * descriptions are shorter than the query's: every tool's schema is in every agent's context.
 */
export const CrossSectionInputSchema = z
  .object({
    concept: z.string().min(1).max(60).describe('A reported concept, e.g. Revenue'),
    fiscal_year: query.fiscal_year.describe("Each company's own"),
    fiscal_quarter: query.fiscal_quarter.describe('1..4'),
    calendar_quarter: query.calendar_quarter.describe('Instead: periods ending in it, e.g. 2024Q4'),
    period: query.period.describe('Default: quarterly with a quarter, else annual'),
    basis: query.basis.describe('Default: both, a row each'),
  })
  .strict()
  .superRefine(checkCrossSectionPeriod)
  .describe('Instead of filters: one concept and period over every company');
export type CrossSectionInput = z.infer<typeof CrossSectionInputSchema>;

/** SPEC.md's screen: 0..8 ScreenPredicates, an optional sort, limit 1..100 (default 20) and offset; or a plain cross-section. */
export const ScreenCompaniesInputSchema = ScreenRequestSchema.extend({
  filters: z.array(ScreenFilterInputSchema).max(8).default([]).describe('Constraints that must all hold'),
  sort: ScreenSortSchema.nullable()
    .optional()
    .describe('A screenable metric id to sort by, "-id" for descending; companies without a value last. By company name when absent'),
  cross_section: CrossSectionInputSchema.optional(),
  offset: ScreenRequestSchema.shape.offset.describe(`Rows to skip; with cross_section at most ${MAX_CROSS_SECTION_OFFSET}`),
  as_of: AsOfInputSchema.optional().describe(
    'Point in time for a back-test: every value knowable then (by known_at; a close at 15:30 IST), over the companies not delisted that day. Omit for the latest knowledge',
  ),
});

/** What a cross-section answered: its concept, and the period and basis it read. */
export const CrossSectionEchoSchema = z
  .object({
    concept: FactConceptSchema,
    period: z.enum(['quarterly', 'annual']),
    fiscal_year: FiscalYearSchema.nullable(),
    fiscal_quarter: FiscalQuarterSchema.nullable(),
    calendar_quarter: z.string().nullable(),
    basis: BasisSchema.nullable().describe('null: both bases, a row each'),
  })
  .describe('The cross-section read: its concept, period and basis');

export const ScreenCompaniesOutputSchema = ScreenResultSchema.extend({
  total: z
    .number()
    .int()
    .describe(
      'Rows over all pages: the companies passing a screen; with cross_section, the figures (a company once per basis it reported)',
    ),
  cross_section: CrossSectionEchoSchema.optional().describe('With cross_section: what was read; absent for a screen'),
  page: ToolPageSchema,
  note: z.string().describe('How to read the values and an empty result'),
  interpreted: z
    .array(z.string())
    .optional()
    .describe('How filter values written as percentages ("15%", or 15 on a margin) were read in the metric\'s unit; absent when none was'),
});
export type ScreenCompaniesOutput = z.infer<typeof ScreenCompaniesOutputSchema>;
