import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { FinancialMetricsQuerySchema, FinancialMetricsResponseSchema } from '../../../../schemas/api/metrics.ts';
import { listMetrics } from '../../../read/metrics/list-metrics.ts';
import { identityOfCompany } from '../../../../projections/companies/company-identity.ts';
import { envelope } from '../envelope.ts';
import { errorResponses } from '../error-responses.ts';
import type { RouteDeps } from '../route-deps.ts';

/** `GET /v1/financial-metrics`: ratios and growth derived from the facts known at `as_of`. */
export function financialMetricsRoutes({ db, datasets, companies }: RouteDeps): FastifyPluginCallbackZod {
  return (app, _options, done) => {
    app.get(
      '/v1/financial-metrics',
      {
        schema: {
          summary: 'Ratios and growth measures derived from the facts',
          description:
            'Computed from the facts as known at as_of, so point-in-time holds for metrics too. A missing or zero input gives value null with a reason, never 0. Each metric lists the facts it used, with their filings and known_at.',
          tags: ['financials'],
          querystring: FinancialMetricsQuerySchema,
          response: { 200: FinancialMetricsResponseSchema, ...errorResponses(404, 503) },
        },
      },
      async ({ query }) => {
        await datasets.require('financials');
        const company = await companies.require(query.ticker, { asOf: query.as_of });
        const metrics = await listMetrics(db, { companyId: company.id, period: query.period, basis: query.basis, asOf: query.as_of });
        return envelope(metrics, {
          ticker: query.ticker,
          company: identityOfCompany(company),
          period: query.period,
          basis: query.basis ?? null,
          as_of: query.as_of ?? null,
          count: metrics.length,
          formulas: 'docs/metrics.md',
          dataset: 'financials',
        });
      },
    );
    done();
  };
}
