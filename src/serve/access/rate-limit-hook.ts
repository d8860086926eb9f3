import type { FastifyReply, FastifyRequest } from 'fastify';
import './request-api-key.ts';
import type { SqlExecutor } from '#platform/db';
import { pruneRateLimitCounters } from './prune-rate-limit-counters.ts';
import { headersFor, rateLimitDetail, rateLimitVerdict } from './rate-limit-verdict.ts';
import { RateLimitedError } from '#platform/errors';
import { type RateLimits, windowsAt } from './rate-limit-windows.ts';
import type { RequestCounter } from './request-counter.ts';

export interface RateLimitHookOptions {
  /** Where old windows are pruned. */
  readonly db: SqlExecutor;
  /** Where requests are counted: in the database, or in this process (request-counter.ts). */
  readonly counter: RequestCounter;
  readonly limits: RateLimits;
  /** The clock windows are read from; tests move it. */
  readonly now?: () => Date;
  /** How often this process prunes old counter rows; hourly when absent. */
  readonly pruneEveryMs?: number;
}

const HOUR_MS = 3_600_000;
const systemClock = () => new Date();

/**
 * The hooks that count each request of an authenticated key in the per-minute and monthly
 * windows (in the database, so every API process sharing it shares the counts, or in the one
 * process that uses an embedded database: request-counter.ts), set `RateLimit-Limit`,
 * `RateLimit-Remaining` and `RateLimit-Reset` for the binding window, and refuse with 429
 * and `Retry-After` once a window cannot take the request.
 * Requests without a key are not counted.
 *
 * `onRequest`, registered after the auth hook, counts a request once, before its body is read.
 * `preValidation` counts, instead, the requests of a route whose config gives a `requestCost`,
 * at that cost, once the body is parsed: an MCP batch of 20 calls is 20 requests, admitted
 * or refused as a whole.
 */
export function createRateLimitHooks(options: RateLimitHookOptions) {
  const clock = options.now ?? systemClock;
  const pruneEveryMs = options.pruneEveryMs ?? HOUR_MS;
  let nextPruneAt = 0;
  async function charge(request: FastifyRequest, reply: FastifyReply, cost: number): Promise<void> {
    const key = request.apiKey;
    if (key === undefined) return;
    const now = clock();
    const windows = windowsAt(options.limits, now);
    if (windows.length === 0) return;
    if (now.getTime() >= nextPruneAt) {
      nextPruneAt = now.getTime() + pruneEveryMs;
      await pruneRateLimitCounters(options.db, now);
    }
    const verdict = rateLimitVerdict(await options.counter.count(key.id, windows, cost), now);
    if (verdict === undefined) return;
    void reply.headers(verdict.headers);
    if (!verdict.allowed) {
      void reply.header('retry-after', String(verdict.retryAfterSeconds));
      throw new RateLimitedError(rateLimitDetail(verdict.reached, { cost, left: verdict.left }), verdict.retryAfterSeconds);
    }
  }
  const onRequest = async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    if (request.routeOptions.config.requestCost === undefined) await charge(request, reply, 1);
  };
  const preValidation = async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const cost = request.routeOptions.config.requestCost;
    if (cost !== undefined) await charge(request, reply, cost(request));
  };
  return { onRequest, preValidation };
}

export interface RateLimitHeadersHookOptions {
  readonly limits: RateLimits;
  readonly now?: () => Date;
}

/**
 * An `onSend` hook for the responses the rate-limit hook did not count: public routes,
 * 401s and unmatched URLs. They carry the policy of the shortest window that is on, with
 * nothing used (Remaining equals Limit), so every response has the three headers. With
 * every window off, no response carries them.
 */
export function createRateLimitHeadersHook(options: RateLimitHeadersHookOptions) {
  const clock = options.now ?? systemClock;
  return function policyHeaders(
    _request: FastifyRequest,
    reply: FastifyReply,
    payload: unknown,
    done: (error: null, payload: unknown) => void,
  ): void {
    if (!reply.hasHeader('ratelimit-limit')) {
      const now = clock();
      const [shortest] = windowsAt(options.limits, now);
      if (shortest) void reply.headers(headersFor(shortest, shortest.limit, now));
    }
    done(null, payload);
  };
}
