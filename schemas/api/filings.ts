import { z } from 'zod';
import { FiscalYearSchema } from '../common/period.ts';
import { FilingSchema } from '../read-models/filing.ts';
import { envelope } from './envelope.ts';
import { DateTimeParam, limitParam, OffsetParam, optionalTicker } from './params.ts';

export const FilingsQuerySchema = z.object({
  ticker: optionalTicker(200),
  type: z.string().max(60).optional().describe('document_type, e.g. financial_results, shareholding_pattern'),
  fiscal_year: FiscalYearSchema.optional(),
  start: DateTimeParam.optional().describe('Disseminated at or after (known_at)'),
  end: DateTimeParam.optional().describe('Disseminated at or before (known_at)'),
  limit: limitParam(200, 50),
  offset: OffsetParam,
});
export type FilingsQuery = z.infer<typeof FilingsQuerySchema>;

export const FilingsResponseSchema = envelope(z.array(FilingSchema), {
  ticker: z.string().nullable(),
  type: z.string().nullable(),
  fiscal_year: z.number().int().nullable(),
  count: z.number().int(),
  total: z.number().int(),
  limit: z.number().int(),
  offset: z.number().int(),
  dataset: z.string(),
}).meta({ id: 'FilingsResponse' });
