import { listCompanies, listInstrumentPage } from '#projections/companies';
import { CompaniesQuerySchema, CompaniesResponseSchema, InstrumentsQuerySchema, InstrumentsResponseSchema } from '#schemas/api';
import { envelope } from '../envelope.ts';
import { pageMeta, pagedListRoute } from '../paged-list-route.ts';
import type { RouteDeps } from '../route-deps.ts';
import type { GetRoute } from '../get-route.ts';

/** `GET /v1/companies`: listed companies, filtered and paged. */
export function companiesRoute(deps: RouteDeps): GetRoute {
  return pagedListRoute(deps, {
    url: '/v1/companies',
    summary: 'List or search listed companies',
    tags: ['companies'],
    querystring: CompaniesQuerySchema,
    response: CompaniesResponseSchema,
    dataset: 'companies',
    answer: async (query) => {
      const page = await listCompanies(deps.db, {
        q: query.q,
        sector: query.sector,
        listingStatus: query.listing_status,
        asOf: query.as_of,
        limit: query.limit,
        offset: query.offset,
      });
      return envelope(page.items, { ...pageMeta(page, query), dataset: 'companies', as_of: query.as_of ?? null });
    },
  });
}

/** `GET /v1/instruments`: tradable securities, of one company or all. */
export function instrumentsRoute(deps: RouteDeps): GetRoute {
  return pagedListRoute(deps, {
    url: '/v1/instruments',
    summary: 'Tradable securities under companies',
    tags: ['companies'],
    querystring: InstrumentsQuerySchema,
    response: InstrumentsResponseSchema,
    dataset: 'instruments',
    companyOf: (query) => query.company,
    answer: async (query, company) => {
      const { ticker, exchange, segment, type, isin, limit, offset } = query;
      const page = await listInstrumentPage(deps.db, { ticker, exchange, segment, type, isin, companyId: company?.id, limit, offset });
      return envelope(page.items, { ...pageMeta(page, query), dataset: 'instruments' });
    },
  });
}
