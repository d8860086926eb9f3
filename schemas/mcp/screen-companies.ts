import { z } from 'zod';
import { ScreenRequestSchema, ScreenResultSchema, ScreenSortSchema } from '../read-models/screen.ts';
import { AsOfInputSchema, ToolPageSchema } from './common.ts';
import { ScreenFilterInputSchema } from '../read-models/screen-threshold.ts';

/** SPEC.md's screen: 1..8 ScreenPredicates, an optional sort, limit 1..100 (default 20) and offset. */
export const ScreenCompaniesInputSchema = ScreenRequestSchema.extend({
  filters: z.array(ScreenFilterInputSchema).min(1).max(8).describe('Constraints that must all hold'),
  sort: ScreenSortSchema.nullable()
    .optional()
    .describe(
      'A screenable metric id to sort by, e.g. return_on_equity, or "-return_on_equity" for descending; companies without a value come last. By company name when absent',
    ),
  as_of: AsOfInputSchema.optional().describe(
    'Point in time for a back-test: every value from filings, snapshots and closes knowable then (by known_at; a close at 15:30 IST of its day), over the companies not delisted on that day (those delisted since included). Omit for the latest knowledge',
  ),
});

export const ScreenCompaniesOutputSchema = ScreenResultSchema.extend({
  page: ToolPageSchema,
  note: z.string().describe('How to read the values and an empty result'),
  interpreted: z
    .array(z.string())
    .optional()
    .describe('How filter values written as percentages ("15%", or 15 on a margin) were read in the metric\'s unit; absent when none was'),
});
export type ScreenCompaniesOutput = z.infer<typeof ScreenCompaniesOutputSchema>;
