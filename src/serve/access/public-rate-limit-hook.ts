import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { RateLimitedError } from '#platform/errors';
import { addressBucket } from './address-bucket.ts';
import { createAddressRateLimiter } from './address-rate-limiter.ts';
import { isPublicRoute, STATIC_PUBLIC_PATHS } from './public-paths.ts';
import { rateLimitVerdict } from './rate-limit-verdict.ts';
import type { RateWindow } from './rate-limit-windows.ts';

export interface PublicRateLimitHookOptions {
  /** Requests per client address per calendar minute (UTC) to the public routes. */
  readonly perMinute: number;
  readonly publicPaths: readonly string[];
  readonly now?: () => Date;
  /** Addresses tracked per minute before new ones share one count; DEFAULT_MAX_ADDRESSES when absent. */
  readonly maxAddresses?: number;
}

const systemClock = () => new Date();

function publicRateLimitDetail(window: RateWindow): string {
  return `rate limit reached: ${window.limit} requests per minute from one address without an API key; retry after ${window.end.toISOString()}`;
}

/**
 * An `onRequest` hook for the routes answered without a key (`/health`, `/docs`, the OpenAPI
 * document, `GET /v1/`; not the explorer's files, STATIC_PUBLIC_PATHS): counts each request under its client's address (`request.ip`, which
 * honours Fastify's `trustProxy`; see docs/rate-limits.md), sets the RateLimit-* headers of
 * that window, and refuses with 429 and `Retry-After` once the minute is full. Counted in this
 * process's memory, not in the database: a database write per anonymous request would be
 * the very load this limit keeps off. Other routes are left to the per-key limits.
 */
export function createPublicRateLimitHook(options: PublicRateLimitHookOptions) {
  const clock = options.now ?? systemClock;
  const limiter = createAddressRateLimiter({
    perMinute: options.perMinute,
    ...(options.maxAddresses === undefined ? {} : { maxAddresses: options.maxAddresses }),
  });
  return function limitPublicRate(request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction): void {
    const route = request.routeOptions.url;
    if (route === undefined || !isPublicRoute(route, options.publicPaths) || isPublicRoute(route, STATIC_PUBLIC_PATHS)) return done();
    const now = clock();
    const verdict = rateLimitVerdict([limiter.take(addressBucket(request.ip), now)], now);
    if (verdict === undefined) return done();
    void reply.headers(verdict.headers);
    if (verdict.allowed) return done();
    void reply.header('retry-after', String(verdict.retryAfterSeconds));
    done(new RateLimitedError(publicRateLimitDetail(verdict.reached), verdict.retryAfterSeconds));
  };
}
