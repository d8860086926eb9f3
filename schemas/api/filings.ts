import { z } from 'zod';
import { FiscalYearSchema } from '#schemas/common';
import { FilingSchema } from '#schemas/read-models';
import { envelope, pageMeta } from './envelope.ts';
import { DateTimeParam, optionalTicker, pageParams } from './params.ts';

export const FilingsQuerySchema = z.object({
  ticker: optionalTicker(200),
  type: z.string().max(60).optional().describe('document_type, e.g. financial_results, shareholding_pattern'),
  fiscal_year: FiscalYearSchema.optional(),
  start: DateTimeParam.optional().describe('Disseminated at or after (known_at)'),
  end: DateTimeParam.optional().describe('Disseminated at or before (known_at)'),
  ...pageParams(200, 50),
});
export type FilingsQuery = z.infer<typeof FilingsQuerySchema>;

export const FilingsResponseSchema = envelope(z.array(FilingSchema), {
  ticker: z.string().nullable(),
  type: z.string().nullable(),
  fiscal_year: z.number().int().nullable(),
  ...pageMeta(),
  dataset: z.string(),
}).meta({ id: 'FilingsResponse' });
