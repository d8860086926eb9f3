import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { listShareholding } from '../../../../projections/shareholding/queries.ts';
import { ShareholdingQuerySchema, ShareholdingResponseSchema } from '../../../../schemas/api/shareholding.ts';
import { identityOfCompany } from '../../../../projections/companies/company-identity.ts';
import { envelope } from '../envelope.ts';
import { errorResponses } from '../error-responses.ts';
import type { RouteDeps } from '../route-deps.ts';

/** `GET /v1/shareholding`: ownership snapshots, newest period first. */
export function shareholdingRoutes({ db, datasets, companies }: RouteDeps): FastifyPluginCallbackZod {
  return (app, _options, done) => {
    app.get(
      '/v1/shareholding',
      {
        schema: {
          summary: 'Ownership snapshots, newest first',
          description:
            'One snapshot per period end: of several filings for one period (a re-fetched or revised pattern), the one known latest.',
          tags: ['ownership'],
          querystring: ShareholdingQuerySchema,
          response: { 200: ShareholdingResponseSchema, ...errorResponses(404, 503) },
        },
      },
      async ({ query }) => {
        await datasets.require('shareholding');
        const company = await companies.require(query.ticker);
        const snapshots = await listShareholding(db, {
          companyId: company.id,
          periodEnd: query.period_end,
          holders: query.holders,
          limit: query.limit,
        });
        return envelope(snapshots, {
          ticker: query.ticker,
          company: identityOfCompany(company),
          period_end: query.period_end ?? null,
          holders: query.holders,
          count: snapshots.length,
          limit: query.limit,
          dataset: 'shareholding',
        });
      },
    );
    done();
  };
}
