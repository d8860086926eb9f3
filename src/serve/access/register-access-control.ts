import type { FastifyInstance } from 'fastify';
import type { SqlExecutor } from '#platform/db';
import { createRateLimitHeadersHook, createRateLimitHooks } from './rate-limit-hook.ts';
import type { RateLimits } from './rate-limit-windows.ts';
import { databaseRequestCounter, type RequestCounter } from './request-counter.ts';
import { createAuthHook } from './auth-hook.ts';
import type { KeyAuthenticator } from './key-authenticator.ts';
import { DEFAULT_PUBLIC_PATHS } from './public-paths.ts';
import { createPublicRateLimitHook } from './public-rate-limit-hook.ts';
import { createScopeHook } from './scope-hook.ts';
import './request-api-key.ts';

export interface AccessControlOptions {
  readonly db: SqlExecutor;
  /** How a presented key is found (createKeyAuthenticator). */
  readonly keys: KeyAuthenticator;
  readonly limits: RateLimits;
  /** Where each key's requests are counted; in the database (one transaction a request) when absent. */
  readonly counter?: RequestCounter;
  /** Requests per client address per minute to the public routes; undefined for no limit. */
  readonly publicPerMinute?: number | undefined;
  /** Route patterns answered without a key; DEFAULT_PUBLIC_PATHS when absent. */
  readonly publicPaths?: readonly string[];
  readonly now?: () => Date;
}

/** The part of a Fastify instance this needs, whatever its type provider. */
type HookTarget = Pick<FastifyInstance, 'addHook' | 'decorateRequest'>;

/**
 * Adds, in this order: the per-address limit of the public routes (429), authentication
 * (401), the per-key rate limits (429; 401s are not counted), the route's scope (403;
 * counted), rate limiting by cost for routes that count their requests from the parsed body
 * (the MCP endpoint), and the RateLimit-* headers for responses nothing counted.
 * Call it on the root instance before registering routes, so every route gets the hooks.
 */
export function registerAccessControl(app: HookTarget, options: AccessControlOptions): void {
  const { db, limits } = options;
  const publicPaths = options.publicPaths ?? DEFAULT_PUBLIC_PATHS;
  const clock = options.now ? { now: options.now } : {};
  app.decorateRequest('apiKey', undefined);
  if (options.publicPerMinute !== undefined) {
    app.addHook('onRequest', createPublicRateLimitHook({ perMinute: options.publicPerMinute, publicPaths, ...clock }));
  }
  app.addHook('onRequest', createAuthHook({ keys: options.keys, publicPaths }));
  const counter = options.counter ?? databaseRequestCounter(db);
  const rateLimit = createRateLimitHooks({ db, counter, limits, ...clock });
  app.addHook('onRequest', rateLimit.onRequest);
  app.addHook('onRequest', createScopeHook());
  app.addHook('preValidation', rateLimit.preValidation);
  app.addHook('onSend', createRateLimitHeadersHook({ limits, ...clock }));
}
