import type { z } from 'zod';
import { errorResponses } from './error-responses.ts';

/** What the OpenAPI document says of a `GET` route: its path, its texts, its query and its 200 body. */
export interface RouteDoc<Q extends z.ZodType, R extends z.ZodType> {
  readonly url: string;
  readonly summary: string;
  readonly description?: string;
  readonly tags: readonly string[];
  readonly querystring: Q;
  readonly response: R;
}

/**
 * The `schema` option of a `GET` route: its texts, its query, its 200 body and its errors.
 * `errors` are the statuses the route documents besides 422 (its query), 401, 429 and 503.
 */
export function routeSchema<Q extends z.ZodType, R extends z.ZodType>(doc: RouteDoc<Q, R>, errors: readonly number[]) {
  return {
    summary: doc.summary,
    ...(doc.description === undefined ? {} : { description: doc.description }),
    tags: [...doc.tags],
    querystring: doc.querystring,
    response: { 200: doc.response, ...errorResponses(422, ...errors) },
  };
}
