import { FinancialMetricsQuerySchema, FinancialMetricsResponseSchema } from '../../../../schemas/api/metrics.ts';
import { listMetrics } from '../../../read/metrics/list-metrics.ts';
import { companyMeta, companyRoute } from '../company-route.ts';
import { envelope } from '../envelope.ts';
import type { RouteDeps } from '../route-deps.ts';
import type { GetRoute } from '../get-route.ts';

/** `GET /v1/financial-metrics`: ratios and growth derived from the facts known at `as_of`. */
export function financialMetricsRoute(deps: RouteDeps): GetRoute {
  return companyRoute(deps, {
    url: '/v1/financial-metrics',
    summary: 'Ratios and growth measures derived from the facts',
    description:
      'Computed from the facts as known at as_of, so point-in-time holds for metrics too. A missing or zero input gives value null with a reason, never 0. Each metric lists the facts it used, with their filings and known_at.',
    tags: ['financials'],
    querystring: FinancialMetricsQuerySchema,
    response: FinancialMetricsResponseSchema,
    dataset: 'financials',
    answer: async (query, company) => {
      const all = await listMetrics(deps.db, { companyId: company.id, period: query.period, basis: query.basis, asOf: query.as_of });
      // Left out on request only: by default a null metric is listed with its reason, never hidden.
      const metrics = query.omit_null ? all.filter((metric) => metric.value !== null) : all;
      return envelope(metrics, {
        ...companyMeta(query, company),
        period: query.period,
        basis: query.basis ?? null,
        as_of: query.as_of ?? null,
        count: metrics.length,
        formulas: 'docs/metrics.md',
        omit_null: query.omit_null,
        omitted: all.length - metrics.length,
        dataset: 'financials',
      });
    },
  });
}
