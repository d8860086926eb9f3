import { z } from 'zod';
import { PeriodFilterSchema, BasisSchema, FactViewSchema } from '#schemas/common';
import { MetricSchema } from '#schemas/read-models';
import { envelope } from './envelope.ts';
import { latestTakesNoAsOf, PointInTimeMeta, ResolvedTimeMeta } from './financials.ts';
import { AsOfParam, RecordedAsOfParam, requiredTicker } from './params.ts';

// SPEC.md: no limit parameter on this endpoint.
export const FinancialMetricsQuerySchema = z
  .object({
    ticker: requiredTicker(200),
    period: PeriodFilterSchema.default('any'),
    basis: BasisSchema.optional(),
    as_of: AsOfParam.optional(),
    recorded_as_of: RecordedAsOfParam.optional(),
    view: FactViewSchema.default('as_of').describe(
      'Which version of each fact the metrics are computed from: as_of (default), as_first_reported or latest (docs/views.md)',
    ),
    omit_null: z
      .boolean()
      .default(false)
      .describe(
        'Extension: true leaves out the metrics whose value is null (meta.omitted counts them); false (the default) lists every metric, a null one with its reason',
      ),
  })
  .superRefine(latestTakesNoAsOf);
export type FinancialMetricsQuery = z.infer<typeof FinancialMetricsQuerySchema>;

export const FinancialMetricsResponseSchema = envelope(z.array(MetricSchema), {
  ...PointInTimeMeta,
  ...ResolvedTimeMeta,
  formulas: z.string().describe('Where the formulas, averages and sign conventions are documented'),
  omit_null: z.boolean().describe('Whether metrics with a null value were left out'),
  omitted: z.number().int().min(0).describe('Metrics left out because their value is null (0 unless omit_null)'),
}).meta({ id: 'FinancialMetricsResponse' });
