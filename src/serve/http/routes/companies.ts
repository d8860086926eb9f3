import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { listCompanies, listInstrumentPage } from '../../../../projections/companies/list-companies.ts';
import {
  CompaniesQuerySchema,
  CompaniesResponseSchema,
  InstrumentsQuerySchema,
  InstrumentsResponseSchema,
} from '../../../../schemas/api/companies.ts';
import { envelope } from '../envelope.ts';
import { errorResponses } from '../error-responses.ts';
import type { RouteDeps } from '../route-deps.ts';

/** `GET /v1/companies` and `GET /v1/instruments`. */
export function companyRoutes({ db, datasets, companies }: RouteDeps): FastifyPluginCallbackZod {
  return (app, _options, done) => {
    app.get(
      '/v1/companies',
      {
        schema: {
          summary: 'List or search listed companies',
          tags: ['companies'],
          querystring: CompaniesQuerySchema,
          response: { 200: CompaniesResponseSchema, ...errorResponses(503) },
        },
      },
      async ({ query }) => {
        await datasets.require('companies');
        const page = await listCompanies(db, {
          q: query.q,
          sector: query.sector,
          listingStatus: query.listing_status,
          asOf: query.as_of,
          limit: query.limit,
          offset: query.offset,
        });
        const meta = { count: page.items.length, total: page.total, limit: query.limit, offset: query.offset, dataset: 'companies' };
        return envelope(page.items, { ...meta, as_of: query.as_of ?? null });
      },
    );
    app.get(
      '/v1/instruments',
      {
        schema: {
          summary: 'Tradable securities under companies',
          tags: ['companies'],
          querystring: InstrumentsQuerySchema,
          response: { 200: InstrumentsResponseSchema, ...errorResponses(404, 503) },
        },
      },
      async ({ query }) => {
        await datasets.require('instruments');
        const company = query.company === undefined ? undefined : await companies.require(query.company);
        const page = await listInstrumentPage(db, {
          ticker: query.ticker,
          exchange: query.exchange,
          segment: query.segment,
          type: query.type,
          isin: query.isin,
          companyId: company?.id,
          limit: query.limit,
          offset: query.offset,
        });
        return envelope(page.items, { count: page.items.length, total: page.total, limit: query.limit, offset: query.offset, dataset: 'instruments' });
      },
    );
    done();
  };
}
