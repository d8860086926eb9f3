import { z } from 'zod';
import { PeriodFilterSchema } from '../common/period.ts';
import { BasisSchema } from '../common/primitives.ts';
import { MetricSchema } from '../read-models/metric.ts';
import { envelope } from './envelope.ts';
import { PointInTimeMeta } from './financials.ts';
import { AsOfParam, requiredTicker } from './params.ts';

// SPEC.md: no limit parameter on this endpoint.
export const FinancialMetricsQuerySchema = z.object({
  ticker: requiredTicker(200),
  period: PeriodFilterSchema.default('any'),
  basis: BasisSchema.optional(),
  as_of: AsOfParam.optional(),
  omit_null: z
    .boolean()
    .default(false)
    .describe(
      'Extension: true leaves out the metrics whose value is null (meta.omitted counts them); false (the default) lists every metric, a null one with its reason',
    ),
});
export type FinancialMetricsQuery = z.infer<typeof FinancialMetricsQuerySchema>;

export const FinancialMetricsResponseSchema = envelope(z.array(MetricSchema), {
  ...PointInTimeMeta,
  formulas: z.string().describe('Where the formulas, averages and sign conventions are documented'),
  omit_null: z.boolean().describe('Whether metrics with a null value were left out'),
  omitted: z.number().int().min(0).describe('Metrics left out because their value is null (0 unless omit_null)'),
}).meta({ id: 'FinancialMetricsResponse' });
