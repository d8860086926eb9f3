import { listFilingPage } from '#projections/filings';
import { FilingsQuerySchema, FilingsResponseSchema } from '#schemas/api';
import { envelope } from '../envelope.ts';
import { pageMeta, pagedListRoute, rangeAndPage } from '../paged-list-route.ts';
import type { RouteDeps } from '../route-deps.ts';
import type { GetRoute } from '../get-route.ts';

/** `GET /v1/filings`: the source documents behind the facts, newest first. */
export function filingsRoute(deps: RouteDeps): GetRoute {
  return pagedListRoute(deps, {
    url: '/v1/filings',
    summary: 'Source documents behind the facts',
    tags: ['filings'],
    querystring: FilingsQuerySchema,
    response: FilingsResponseSchema,
    dataset: 'filings',
    companyOf: (query) => query.ticker,
    answer: async (query, company) => {
      const page = await listFilingPage(deps.db, {
        companyId: company?.id,
        documentType: query.type,
        fiscalYear: query.fiscal_year,
        ...rangeAndPage(query),
      });
      return envelope(page.items, {
        ticker: query.ticker ?? null,
        type: query.type ?? null,
        fiscal_year: query.fiscal_year ?? null,
        ...pageMeta(page, query),
        dataset: 'filings',
      });
    },
  });
}
