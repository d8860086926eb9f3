import { z } from 'zod';
import { ScreenMetricSchema, ScreenOperatorSchema } from '#schemas/read-models';
import { AsOfInputSchema, pageInputs, ToolPageSchema } from './common.ts';

export const ListScreenMetricsInputSchema = z
  .object({
    source: z
      .string()
      .min(1)
      .max(30)
      .optional()
      .describe(
        'Only the metrics of this source: facts (ratios and growth of the latest annual results), ownership (newest shareholding pattern) or market (newest NSE close). All sources when absent',
      ),
    as_of: AsOfInputSchema.optional().describe(
      'Count coverage as known at this instant, as screen_companies with the same as_of reads. Omit for now',
    ),
    ...pageInputs(200, 40),
  })
  .strict();

export const ScreenMetricCoverageSchema = ScreenMetricSchema.extend({
  companies_with_value: z
    .number()
    .int()
    .nullable()
    .describe(
      "Companies that have a value for the metric, counted from the data at counted_at: a filter on it can only pass these. 0 means a filter on it finds nothing; null when the source's dataset is unavailable",
    ),
}).describe('A metric companies can be screened on, with its live coverage');

export const ScreenSourceCoverageSchema = z
  .object({
    id: z.string().describe("The source id, as in each metric's source"),
    dataset: z.string().nullable().describe('The dataset its values come from (see list_datasets)'),
    available: z.boolean().describe('Whether that dataset can be served now; when false its metrics screen nothing'),
    reason: z.string().nullable().describe('Why the dataset is unavailable; null when available'),
    companies: z.number().int().nullable().describe('Companies the source has a period for; null when not counted'),
  })
  .describe('A source of screenable metrics and its coverage');

export const ListScreenMetricsOutputSchema = z.object({
  metrics: z
    .array(ScreenMetricCoverageSchema)
    .describe(
      'The screenable metrics of this page (of the source asked for): id to use in screen_companies, label, unit, description, source and coverage',
    ),
  sources: z.array(ScreenSourceCoverageSchema).describe('The sources listed, with dataset availability and coverage'),
  operators: z.array(ScreenOperatorSchema).describe('The comparison operators a ScreenPredicate takes'),
  note: z.string().describe('How to write values and read the coverage'),
  counted_at: z.string().describe('When the coverage counts were taken (ISO 8601, UTC); counting the whole market takes a second or more'),
  counts_current: z
    .boolean()
    .describe(
      'True when no data has been projected since the counts were taken. False while a recount runs after new data: the counts are those of counted_at, and a later call gets the new ones',
    ),
  page: ToolPageSchema.describe('Paging of the metrics'),
});
export type ListScreenMetricsOutput = z.infer<typeof ListScreenMetricsOutputSchema>;
