import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { listCorporateActions } from '../../../../projections/corporate-actions/queries.ts';
import { CorporateActionsQuerySchema, CorporateActionsResponseSchema } from '../../../../schemas/api/corporate-actions.ts';
import { envelope } from '../envelope.ts';
import { pageMeta, pagedListRoute, rangeAndPage } from '../paged-list-route.ts';
import type { RouteDeps } from '../route-deps.ts';

/** `GET /v1/corporate-actions`: dividends, splits, bonuses, rights issues, buybacks; newest ex-date first. */
export function corporateActionsRoutes(deps: RouteDeps): FastifyPluginCallbackZod {
  return (app, _options, done) => {
    const route = pagedListRoute(deps, {
      url: '/v1/corporate-actions',
      summary: 'Dividends, splits, bonuses, rights issues, buybacks',
      tags: ['corporate actions'],
      querystring: CorporateActionsQuerySchema,
      response: CorporateActionsResponseSchema,
      dataset: 'corporate_actions',
      companyOf: (query) => query.ticker,
      answer: async (query, company) => {
        const page = await listCorporateActions(deps.db, { companyId: company?.id, type: query.type, ...rangeAndPage(query) });
        return envelope(page.items, {
          ticker: query.ticker ?? null,
          type: query.type ?? null,
          ...pageMeta(page, query),
          dataset: 'corporate_actions',
        });
      },
    });
    app.get(route.url, route.options, route.handler);
    done();
  };
}
