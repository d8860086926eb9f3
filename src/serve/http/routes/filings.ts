import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { listFilingPage } from '../../../../projections/filings/queries.ts';
import { FilingsQuerySchema, FilingsResponseSchema } from '../../../../schemas/api/filings.ts';
import { envelope } from '../envelope.ts';
import { errorResponses } from '../error-responses.ts';
import type { RouteDeps } from '../route-deps.ts';

/** `GET /v1/filings`: the source documents behind the facts, newest first. */
export function filingsRoutes({ db, datasets, companies }: RouteDeps): FastifyPluginCallbackZod {
  return (app, _options, done) => {
    app.get(
      '/v1/filings',
      {
        schema: {
          summary: 'Source documents behind the facts',
          tags: ['filings'],
          querystring: FilingsQuerySchema,
          response: { 200: FilingsResponseSchema, ...errorResponses(404, 503) },
        },
      },
      async ({ query }) => {
        await datasets.require('filings');
        const company = query.ticker ? await companies.require(query.ticker) : undefined;
        const page = await listFilingPage(db, {
          companyId: company?.id,
          documentType: query.type,
          fiscalYear: query.fiscal_year,
          start: query.start,
          end: query.end,
          limit: query.limit,
          offset: query.offset,
        });
        return envelope(page.items, {
          ticker: query.ticker ?? null,
          type: query.type ?? null,
          fiscal_year: query.fiscal_year ?? null,
          count: page.items.length,
          total: page.total,
          limit: query.limit,
          offset: query.offset,
          dataset: 'filings',
        });
      },
    );
    done();
  };
}
