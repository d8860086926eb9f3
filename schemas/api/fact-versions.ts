import { z } from 'zod';
import { PeriodTypeSchema, BasisSchema } from '#schemas/common';
import { CompanyIdentitySchema, FactVersionChainSchema } from '#schemas/read-models';
import { ReportedConceptParam } from './concept-list.ts';
import { envelope } from './envelope.ts';
import { RecordedAsOfMeta } from './financials.ts';
import { AsOfParam, DateParam, RecordedAsOfParam, requiredTicker } from './params.ts';

export const FactVersionsQuerySchema = z.object({
  ticker: requiredTicker(200),
  concept: ReportedConceptParam,
  period_end: DateParam.describe('Last day of the period, or the balance-sheet date, YYYY-MM-DD (e.g. 2024-12-31 for Q3 FY2025)'),
  basis: BasisSchema.default('consolidated').describe('consolidated (default) or standalone'),
  period_type: PeriodTypeSchema.optional().describe(
    'quarterly, half_yearly, nine_months, annual or instant; omit for every period type ending on period_end, each its own chain',
  ),
  as_of: AsOfParam.optional().describe(
    'Only the versions knowable then (by known_at): later restatements, and the supersession they caused, are hidden. A date alone means its midnight UTC',
  ),
  recorded_as_of: RecordedAsOfParam.optional(),
});
export type FactVersionsQuery = z.infer<typeof FactVersionsQuerySchema>;

export const FactVersionsResponseSchema = envelope(
  z
    .array(FactVersionChainSchema)
    .describe('One chain per period type ending on period_end; empty when no version was known (or recorded) then'),
  {
    ticker: z.string().describe('The reference as asked'),
    company: CompanyIdentitySchema,
    concept: z.string(),
    basis: BasisSchema,
    period_end: z.string(),
    period_type: PeriodTypeSchema.nullable(),
    as_of: z.string().nullable().describe('The point in time applied; null means current knowledge'),
    recorded_as_of: RecordedAsOfMeta,
    count: z.number().int().describe('Chains in data'),
    dataset: z.string(),
  },
).meta({ id: 'FactVersionsResponse' });
