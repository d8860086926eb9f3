import { FinancialMetricsQuerySchema, FinancialMetricsResponseSchema } from '#schemas/api';
import { listMetrics } from '#read/metric-queries';
import { companyMeta, companyRoute, resolvedTimes } from '../company-route.ts';
import { envelope } from '../envelope.ts';
import type { RouteDeps } from '../route-deps.ts';
import type { GetRoute } from '../get-route.ts';

/** `GET /v1/financial-metrics`: ratios and growth derived from the facts known at `as_of`. */
export function financialMetricsRoute(deps: RouteDeps): GetRoute {
  return companyRoute(deps, {
    url: '/v1/financial-metrics',
    summary: 'Ratios and growth measures derived from the facts',
    description:
      "Computed from the facts as known at as_of, so point-in-time holds for metrics too; view chooses which version of each fact (docs/views.md), recorded_as_of reads this service's record at an instant as on /v1/financials. A missing or zero input gives value null with a reason, never 0. Each metric lists the facts it used, with their filings and known_at.",
    tags: ['financials'],
    querystring: FinancialMetricsQuerySchema,
    response: FinancialMetricsResponseSchema,
    dataset: 'financials',
    answer: async (query, company) => {
      const readAt = new Date().toISOString();
      const all = await listMetrics(deps.db, {
        companyId: company.id,
        period: query.period,
        basis: query.basis,
        asOf: query.as_of,
        recordedAsOf: query.recorded_as_of,
        view: query.view,
      });
      // Left out on request only: by default a null metric is listed with its reason, never hidden.
      const metrics = query.omit_null ? all.filter((metric) => metric.value !== null) : all;
      return envelope(metrics, {
        ...companyMeta(query, company),
        period: query.period,
        basis: query.basis ?? null,
        ...resolvedTimes(query, readAt),
        count: metrics.length,
        formulas: 'docs/metrics.md',
        omit_null: query.omit_null,
        omitted: all.length - metrics.length,
        dataset: 'financials',
      });
    },
  });
}
