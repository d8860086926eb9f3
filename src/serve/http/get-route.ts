import type { FastifyPluginCallback, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { RouteDeps } from './route-deps.ts';
import { type RouteDoc, routeSchema } from './route-schema.ts';

/** A `GET` route as a value: its URL, its `schema` option and its handler; `getRoutes` registers it. */
export interface GetRoute {
  readonly url: string;
  readonly options: { readonly schema: ReturnType<typeof routeSchema> };
  readonly handler: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;
}

/**
 * The `GET` route `doc` describes, answered by `answer`. The validator compiler has parsed the
 * query with `doc.querystring` before the handler runs, so `answer` takes it as that schema's
 * output, and its body is typed by `doc.response`.
 */
export function getRoute<Q extends z.ZodType, R extends z.ZodType>(
  doc: RouteDoc<Q, R>,
  errors: readonly number[],
  answer: (query: z.output<Q>) => Promise<z.output<R>>,
): GetRoute {
  return {
    url: doc.url,
    options: { schema: routeSchema(doc, errors) },
    handler: ({ query }) => answer(query as z.output<Q>),
  };
}

/** Registers the route each of `routes` makes over `deps`, in that order: the OpenAPI document lists their paths in it. */
export function getRoutes(deps: RouteDeps, routes: readonly ((deps: RouteDeps) => GetRoute)[]): FastifyPluginCallback {
  return (app, _options, done) => {
    for (const route of routes.map((make) => make(deps))) app.get(route.url, route.options, route.handler);
    done();
  };
}
