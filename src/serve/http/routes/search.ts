import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { SearchBodySchema, SearchResponseSchema } from '#schemas/api';
import { search } from '#read/search';
import { envelope } from '../envelope.ts';
import { errorResponses, JSON_BODY_ERRORS } from '../error-responses.ts';
import type { RouteDeps } from '../route-deps.ts';

/** `POST /v1/search`: resolve a name, ticker or phrase to entities; near matches are candidates. */
export function searchRoutes({ db, datasets }: RouteDeps): FastifyPluginCallbackZod {
  return (app, _options, done) => {
    app.post(
      '/v1/search',
      {
        schema: {
          summary: 'Resolve a name, ticker or phrase to entities',
          description:
            'Exact identifier hits first (score 1), then name similarity, concept synonyms and full text over filings and announcements. `resolved` is set only by an exact identifier; a near match is returned as a candidate, never chosen.',
          tags: ['search'],
          body: SearchBodySchema,
          response: { 200: SearchResponseSchema, ...errorResponses(...JSON_BODY_ERRORS, 503) },
        },
      },
      async ({ body }) => {
        await datasets.require('companies');
        const result = await search(db, {
          query: body.query,
          kinds: body.kinds ?? undefined,
          ticker: body.ticker ?? undefined,
          limit: body.limit,
        });
        return envelope(result, { query: body.query, count: result.hits.length, limit: body.limit });
      },
    );
    done();
  };
}
