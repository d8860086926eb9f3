import { z } from 'zod';
import { CompanyIdentitySchema, ShareholdingSnapshotSchema } from '#schemas/read-models';
import { envelope } from './envelope.ts';
import { DateParam, limitParam, requiredTicker } from './params.ts';

export const ShareholdingQuerySchema = z.object({
  ticker: requiredTicker(200),
  period_end: DateParam.optional().describe('Only the snapshot for this period end (YYYY-MM-DD)'),
  holders: z.boolean().default(false).describe('Include the holder-level breakdown'),
  limit: limitParam(100, 20),
});
export type ShareholdingQuery = z.infer<typeof ShareholdingQuerySchema>;

export const ShareholdingResponseSchema = envelope(z.array(ShareholdingSnapshotSchema), {
  ticker: z.string(),
  company: CompanyIdentitySchema,
  period_end: z.string().nullable(),
  holders: z.boolean(),
  count: z.number().int(),
  limit: z.number().int(),
  dataset: z.string(),
}).meta({ id: 'ShareholdingResponse' });
