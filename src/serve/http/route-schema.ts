import type { z } from 'zod';
import { errorResponses } from './error-responses.ts';

/** What the OpenAPI document says of a `GET` route: its texts, its query and its 200 body, and the errors it can answer with. */
export interface RouteDoc<Q extends z.ZodType, R extends z.ZodType> {
  readonly summary: string;
  readonly description?: string;
  readonly tags: readonly string[];
  readonly querystring: Q;
  readonly response: R;
}

/**
 * The `schema` option of a `GET` route. Built per route with its concrete schemas, so the zod
 * type provider still types the handler's `query` and its return value from them.
 * `errors` are the statuses the route documents besides 422, 401 and 429.
 */
export function routeSchema<Q extends z.ZodType, R extends z.ZodType>(doc: RouteDoc<Q, R>, errors: readonly number[]) {
  return {
    summary: doc.summary,
    ...(doc.description === undefined ? {} : { description: doc.description }),
    tags: [...doc.tags],
    querystring: doc.querystring,
    response: { 200: doc.response, ...errorResponses(...errors) },
  };
}
