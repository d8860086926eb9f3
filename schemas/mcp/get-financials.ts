import { z } from 'zod';
import { FiscalQuarterSchema, FiscalYearSchema, PeriodFilterSchema, BasisSchema } from '#schemas/common';
import { AsOfInputSchema, CompanyInputSchema, limitInput, offsetInput, RecordedAsOfInputSchema, ToolPageSchema } from './common.ts';
import {
  MeasureIdInputSchema,
  ToolAsOfSchema,
  ToolCompanySchema,
  ToolFactSchema,
  ToolMetricSchema,
  ToolRecordedAsOfSchema,
} from './financial-figures.ts';

export const GetFinancialsInputSchema = z
  .object({
    company: CompanyInputSchema,
    concepts: z
      .array(MeasureIdInputSchema)
      .max(20)
      .optional()
      .describe(
        'Up to 20 ids: reported concepts give facts, derived ratios and <Concept>_growth give metrics. Omit for every reported fact (and no metrics)',
      ),
    period: PeriodFilterSchema.default('any').describe(
      'quarterly: quarters and balance sheets at quarter ends; annual: fiscal years and balance sheets at year ends; any (default): also half-year and nine-month year-to-date figures. Metrics are quarters or years',
    ),
    basis: BasisSchema.optional().describe('consolidated (group) or standalone (company alone); omit for both'),
    fiscal_year: FiscalYearSchema.optional().describe(
      'Only this fiscal year, named by the calendar year in which it ends (FY2025 = Apr 2024..Mar 2025)',
    ),
    fiscal_quarter: FiscalQuarterSchema.optional().describe(
      'Only periods ending in this fiscal quarter (1..4), including balance sheets at its end and year-to-date figures ending with it; not with period annual',
    ),
    as_of: AsOfInputSchema.optional(),
    recorded_as_of: RecordedAsOfInputSchema.optional(),
    limit: limitInput(200, 25).describe(
      'Facts per page, 1..200 (default 25); a page holds what fits in 25 KB (about 30 facts), so a larger limit is paged: page.truncated, page.next_offset',
    ),
    offset: offsetInput().describe("Facts to skip; pass the previous page's page.next_offset"),
    metrics_offset: offsetInput().describe("Metrics to skip; pass the previous result's metrics_page.next_offset"),
  })
  .strict();
export type GetFinancialsInput = z.infer<typeof GetFinancialsInputSchema>;

export const GetFinancialsOutputSchema = z.object({
  company: ToolCompanySchema,
  as_of: ToolAsOfSchema,
  recorded_as_of: ToolRecordedAsOfSchema,
  facts: z.array(ToolFactSchema).describe('Reported facts, newest period first, one version per fact key as known at as_of'),
  metrics: z
    .array(ToolMetricSchema)
    .describe(
      'The ratios and growth asked for in concepts, newest period first, within the same period, basis and fiscal filters; a null value has a reason and is never 0',
    ),
  metrics_truncated: z.boolean().describe('metrics_page.truncated: more metrics follow; call again with metrics_offset'),
  page: ToolPageSchema.describe('Paging of facts'),
  metrics_page: ToolPageSchema.describe(
    'Paging of metrics: as many as fit half a result from metrics_offset; next_offset continues (limit is every metric left)',
  ),
});
export type GetFinancialsOutput = z.infer<typeof GetFinancialsOutputSchema>;
