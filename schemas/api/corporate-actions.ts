import { z } from 'zod';
import { CorporateActionTypeSchema } from '#schemas/common';
import { CorporateActionSchema } from '#schemas/read-models';
import { envelope, pageMeta } from './envelope.ts';
import { DateParam, optionalTicker, pageParams } from './params.ts';

export const CorporateActionsQuerySchema = z.object({
  ticker: optionalTicker(200),
  type: CorporateActionTypeSchema.optional(),
  start: DateParam.optional().describe('Ex-date from (inclusive)'),
  end: DateParam.optional().describe('Ex-date to (inclusive)'),
  ...pageParams(200, 50),
});
export type CorporateActionsQuery = z.infer<typeof CorporateActionsQuerySchema>;

export const CorporateActionsResponseSchema = envelope(z.array(CorporateActionSchema), {
  ticker: z.string().nullable(),
  type: z.string().nullable(),
  ...pageMeta(),
  dataset: z.string(),
}).meta({ id: 'CorporateActionsResponse' });
