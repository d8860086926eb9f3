import { z } from 'zod';
import { PeriodFilterSchema } from '../common/period.ts';
import { BasisSchema } from '../common/primitives.ts';
import { CompanyIdentitySchema } from '../read-models/company.ts';
import { FactSchema } from '../read-models/fact.ts';
import { ConceptListParam } from './concept-list.ts';
import { envelope } from './envelope.ts';
import { AsOfParam, limitParam, RecordedAsOfParam, requiredTicker } from './params.ts';

export const FinancialsQuerySchema = z.object({
  ticker: requiredTicker(200),
  period: PeriodFilterSchema.default('any'),
  basis: BasisSchema.optional(),
  concept: ConceptListParam.optional(),
  as_of: AsOfParam.optional(),
  recorded_as_of: RecordedAsOfParam.optional(),
  limit: limitParam(2000, 500),
});
export type FinancialsQuery = z.infer<typeof FinancialsQuerySchema>;

/** The context of a point-in-time read, repeated in `meta`. */
export const PointInTimeMeta = {
  ticker: z.string().describe('The reference as asked'),
  company: CompanyIdentitySchema,
  period: PeriodFilterSchema,
  basis: BasisSchema.nullable(),
  as_of: z.string().nullable().describe('The point in time applied; null means current knowledge'),
  count: z.number().int(),
  dataset: z.string(),
};

export const RecordedAsOfMeta = z.string().nullable().describe("The instant of this service's record applied; null means its record now");

export const FinancialsResponseSchema = envelope(z.array(FactSchema), {
  ...PointInTimeMeta,
  recorded_as_of: RecordedAsOfMeta,
  concepts: z.array(z.string()).nullable(),
  limit: z.number().int(),
}).meta({ id: 'FinancialsResponse' });
