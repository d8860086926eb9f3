import type { FastifyInstance } from 'fastify';
import type { SqlExecutor } from '../../platform/db/db.ts';
import { createRateLimitHeadersHook, createRateLimitHook } from './rate-limit-hook.ts';
import type { RateLimits } from './rate-limit-windows.ts';
import { createAuthHook } from './auth-hook.ts';
import { createScopeHook } from './scope-hook.ts';
import './request-api-key.ts';

export interface AccessControlOptions {
  readonly db: SqlExecutor;
  readonly limits: RateLimits;
  /** Route patterns answered without a key; DEFAULT_PUBLIC_PATHS when absent. */
  readonly publicPaths?: readonly string[];
  readonly now?: () => Date;
}

/** The part of a Fastify instance this needs, whatever its type provider. */
type HookTarget = Pick<FastifyInstance, 'addHook' | 'decorateRequest'>;

/**
 * Adds, in this order: authentication (401), rate limiting (429; 401s are not counted),
 * the route's scope (403; counted), and the RateLimit-* headers for uncounted responses.
 * Call it on the root instance before registering routes, so every route gets the hooks.
 */
export function registerAccessControl(app: HookTarget, options: AccessControlOptions): void {
  const { db, limits } = options;
  const clock = options.now ? { now: options.now } : {};
  app.decorateRequest('apiKey', undefined);
  app.addHook('onRequest', createAuthHook({ db, ...(options.publicPaths ? { publicPaths: options.publicPaths } : {}) }));
  app.addHook('onRequest', createRateLimitHook({ db, limits, ...clock }));
  app.addHook('onRequest', createScopeHook());
  app.addHook('onSend', createRateLimitHeadersHook({ limits, ...clock }));
}
