import { z } from 'zod';
import { IsoDateTimeSchema } from '#schemas/common';
import { CompanyIdentitySchema, ShareholdingSnapshotSchema } from '#schemas/read-models';
import { AsOfInputSchema, CompanyInputSchema, pageInputs, ToolPageSchema } from './common.ts';

export const GetShareholdingInputSchema = z
  .object({
    company: CompanyInputSchema,
    period_end: z.iso
      .date()
      .optional()
      .describe(
        'Only the snapshot for this period end (YYYY-MM-DD, e.g. 2024-06-30 for the June 2024 quarter); omit for the newest periods first',
      ),
    holders: z
      .boolean()
      .default(false)
      .describe(
        'Include the holder-level breakdown (named holders and category totals) where the source has one; large, so ask for few snapshots',
      ),
    as_of: AsOfInputSchema.optional(),
    ...pageInputs(20, 4),
  })
  .strict();

export const GetShareholdingOutputSchema = z.object({
  company: CompanyIdentitySchema.describe('The company the snapshots are for'),
  as_of: IsoDateTimeSchema.nullable().describe('The point in time the snapshots were read as of; null for current knowledge'),
  snapshots: z
    .array(ShareholdingSnapshotSchema)
    .describe(
      'Ownership snapshots, newest period end first: one per period end, from the newest filing known (at as_of). Percentages are decimal strings; null means not stated, never 0',
    ),
  page: ToolPageSchema,
});
export type GetShareholdingOutput = z.infer<typeof GetShareholdingOutputSchema>;
