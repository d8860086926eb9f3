import type { FastifyReply, FastifyRequest } from 'fastify';
import { UnauthorizedError } from '#platform/errors';
import type { KeyAuthenticator } from './key-authenticator.ts';
import { readPresentedKey } from './presented-key.ts';
import { DEFAULT_PUBLIC_PATHS, isPublicRoute } from './public-paths.ts';
import './request-api-key.ts';

export interface AuthHookOptions {
  readonly keys: KeyAuthenticator;
  /** Route patterns answered without a key; DEFAULT_PUBLIC_PATHS when absent. */
  readonly publicPaths?: readonly string[];
}

const REALM = 'Bearer realm="api"';
const MISSING = 'an API key is required: send it in the X-API-Key header, or as Authorization: Bearer <key>';

function refuse(reply: FastifyReply, detail: string, error?: 'invalid_request' | 'invalid_token'): never {
  // RFC 6750: the challenge names the scheme, and an error code once a key was presented.
  reply.header('www-authenticate', error ? `${REALM}, error="${error}"` : REALM);
  throw new UnauthorizedError(detail);
}

/**
 * An `onRequest` hook that admits a request with a valid key and attaches the key record
 * as `request.apiKey`. Public routes pass without a lookup (a key sent to them is ignored);
 * so do unmatched URLs, which get the plain 404. Every other request without a valid key
 * fails with 401, `{detail}` and `WWW-Authenticate: Bearer`.
 *
 * Keys are looked up through `keys` (createKeyAuthenticator): remembered briefly in the
 * process, and forgotten at once on a revocation in any process.
 */
export function createAuthHook(options: AuthHookOptions) {
  const publicPaths = options.publicPaths ?? DEFAULT_PUBLIC_PATHS;
  return async function authenticateRequest(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const route = request.routeOptions.url;
    if (route === undefined || isPublicRoute(route, publicPaths)) return;
    const presented = readPresentedKey(request.headers, request.raw.rawHeaders);
    if (presented.kind === 'missing') refuse(reply, MISSING);
    if (presented.kind === 'malformed') refuse(reply, presented.detail, 'invalid_request');
    const found = await options.keys.lookup(presented.key);
    if (found.status === 'unknown') refuse(reply, 'the API key is not valid', 'invalid_token');
    if (found.status === 'revoked') refuse(reply, 'the API key has been revoked', 'invalid_token');
    request.apiKey = found.key;
  };
}
