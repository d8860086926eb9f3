import { z } from 'zod';
import { CorporateActionTypeSchema } from '../common/vocabularies.ts';
import { CorporateActionSchema } from '../read-models/corporate-action.ts';
import { envelope } from './envelope.ts';
import { DateParam, limitParam, OffsetParam, optionalTicker } from './params.ts';

export const CorporateActionsQuerySchema = z.object({
  ticker: optionalTicker(200),
  type: CorporateActionTypeSchema.optional(),
  start: DateParam.optional().describe('Ex-date from (inclusive)'),
  end: DateParam.optional().describe('Ex-date to (inclusive)'),
  limit: limitParam(200, 50),
  offset: OffsetParam,
});
export type CorporateActionsQuery = z.infer<typeof CorporateActionsQuerySchema>;

export const CorporateActionsResponseSchema = envelope(z.array(CorporateActionSchema), {
  ticker: z.string().nullable(),
  type: z.string().nullable(),
  count: z.number().int(),
  total: z.number().int(),
  limit: z.number().int(),
  offset: z.number().int(),
  dataset: z.string(),
}).meta({ id: 'CorporateActionsResponse' });
