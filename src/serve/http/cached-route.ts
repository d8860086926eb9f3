import type { FastifyReply, FastifyRequest } from 'fastify';
import { envelopeBody, JSON_CONTENT_TYPE, toEnvelopeJson, type ResponseCache } from '#serve/response-cache';
import type { GetRoute } from './get-route.ts';

/** What the route answers with: the `{data, meta}` body `envelope` builds. */
interface Envelope {
  readonly data: unknown;
  readonly meta: { readonly timestamp: string };
}

/**
 * The route with its answers remembered in `cache`, keyed by the route and its parsed query
 * (defaults filled in, so equivalent URLs share an answer). The body is the one the route
 * builds, with this response's own timestamp. Nothing here runs before the access hooks:
 * authentication, scopes and rate-limit counting happen for every request, remembered or not.
 * `check` runs first on every request too (the dataset's availability).
 */
export function cachedRoute(route: GetRoute, cache: ResponseCache, check: () => Promise<void>): GetRoute {
  const send = (reply: FastifyReply, body: string) => reply.type(JSON_CONTENT_TYPE).send(body);
  return {
    ...route,
    async handler(request: FastifyRequest, reply: FastifyReply) {
      await check();
      const key = `${route.url}?${JSON.stringify(request.query)}`;
      const remembered = cache.get(key);
      if (remembered) return send(reply, envelopeBody(remembered, new Date().toISOString()));
      const at = cache.position();
      const body = (await route.handler(request, reply)) as Envelope;
      const json = toEnvelopeJson(body);
      cache.remember(key, at, json);
      return send(reply, envelopeBody(json, body.meta.timestamp));
    },
  };
}
