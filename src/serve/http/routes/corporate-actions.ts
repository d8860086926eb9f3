import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { listCorporateActions } from '../../../../projections/corporate-actions/queries.ts';
import { CorporateActionsQuerySchema, CorporateActionsResponseSchema } from '../../../../schemas/api/corporate-actions.ts';
import { envelope } from '../envelope.ts';
import { errorResponses } from '../error-responses.ts';
import type { RouteDeps } from '../route-deps.ts';

/** `GET /v1/corporate-actions`: dividends, splits, bonuses, rights issues, buybacks; newest ex-date first. */
export function corporateActionsRoutes({ db, datasets, companies }: RouteDeps): FastifyPluginCallbackZod {
  return (app, _options, done) => {
    app.get(
      '/v1/corporate-actions',
      {
        schema: {
          summary: 'Dividends, splits, bonuses, rights issues, buybacks',
          tags: ['corporate actions'],
          querystring: CorporateActionsQuerySchema,
          response: { 200: CorporateActionsResponseSchema, ...errorResponses(404, 503) },
        },
      },
      async ({ query }) => {
        await datasets.require('corporate_actions');
        const company = query.ticker ? await companies.require(query.ticker) : undefined;
        const page = await listCorporateActions(db, {
          companyId: company?.id,
          type: query.type,
          start: query.start,
          end: query.end,
          limit: query.limit,
          offset: query.offset,
        });
        return envelope(page.items, {
          ticker: query.ticker ?? null,
          type: query.type ?? null,
          count: page.items.length,
          total: page.total,
          limit: query.limit,
          offset: query.offset,
          dataset: 'corporate_actions',
        });
      },
    );
    done();
  };
}
