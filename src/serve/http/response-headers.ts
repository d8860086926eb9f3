import type { OpenAPIV3_1 } from 'openapi-types';
import { DEFAULT_PUBLIC_PATHS, isPublicRoute } from '#serve/access';

/** Whether the app counts requests: per key (RATE_LIMIT_PER_MINUTE, MONTHLY_ALLOWANCE) and per address on the public routes. */
export interface RateLimitsOn {
  readonly perKey: boolean;
  readonly publicRoutes: boolean;
}

type Header = OpenAPIV3_1.HeaderObject;

const integer = (description: string, required: boolean, minimum: number): Header => ({
  description,
  required,
  schema: { type: 'integer', minimum },
});

/**
 * The headers a response of `status` carries. The RateLimit-* headers are on every response
 * while a limit counts it (docs/rate-limits.md): a public route's by its address when that
 * limit is on, else, like every other route's, by the per-key policy; with the limits off, none.
 * A 401 names its scheme; a 429 says when to retry, and so does a 503 sent while shutting down.
 */
export function responseHeaders(status: number, rateLimited: boolean): Record<string, Header> {
  return {
    'RateLimit-Limit': integer('Requests the binding window allows (per key; per address on the public routes)', rateLimited, 0),
    'RateLimit-Remaining': integer('Requests left in that window after this one', rateLimited, 0),
    'RateLimit-Reset': integer('Whole seconds until that window resets', rateLimited, 1),
    ...(status === 401
      ? {
          'WWW-Authenticate': {
            description: 'Bearer realm="api", with error="invalid_request" or error="invalid_token" when a key was sent',
            required: true,
            schema: { type: 'string' },
          },
        }
      : {}),
    ...(status === 429 ? { 'Retry-After': integer('Seconds until the window renews', true, 1) } : {}),
    ...(status === 503
      ? { 'Retry-After': integer('Seconds to wait, sent with a read past the time limit and while the service is shutting down', false, 1) }
      : {}),
  };
}

/** `/v1/keys/{key_id}` as Fastify writes the route, `/v1/keys/:key_id`. */
const routePattern = (path: string) => path.replace(/\{([^}]+)\}/g, ':$1');

/** The document with each response of each operation given its headers. */
export function withResponseHeaders(document: OpenAPIV3_1.Document, limits: RateLimitsOn): OpenAPIV3_1.Document {
  const paths = Object.fromEntries(
    Object.entries(document.paths ?? {}).map(([path, item]) => {
      const rateLimited = limits.perKey || (limits.publicRoutes && isPublicRoute(routePattern(path), DEFAULT_PUBLIC_PATHS));
      const operations = Object.fromEntries(
        (Object.entries(item ?? {}) as [string, unknown][]).map(([method, operation]) => {
          if (typeof operation !== 'object' || operation === null || !('responses' in operation)) return [method, operation];
          const responses = Object.fromEntries(
            Object.entries(operation.responses ?? {}).map(([status, response]) => [
              status,
              {
                ...response,
                headers: { ...responseHeaders(Number(status), rateLimited), ...(response as OpenAPIV3_1.ResponseObject).headers },
              },
            ]),
          );
          return [method, { ...operation, responses }];
        }),
      );
      return [path, operations];
    }),
  );
  return { ...document, paths };
}
