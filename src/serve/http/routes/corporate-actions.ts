import { listCorporateActions } from '#projections/corporate-actions';
import { CorporateActionsQuerySchema, CorporateActionsResponseSchema } from '#schemas/api';
import { envelope } from '../envelope.ts';
import { pageMeta, pagedListRoute, rangeAndPage } from '../paged-list-route.ts';
import type { RouteDeps } from '../route-deps.ts';
import type { GetRoute } from '../get-route.ts';

/** `GET /v1/corporate-actions`: dividends, splits, bonuses, rights issues, buybacks; newest ex-date first. */
export function corporateActionsRoute(deps: RouteDeps): GetRoute {
  return pagedListRoute(deps, {
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
}
