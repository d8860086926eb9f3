import type { ServerOptions } from 'node:http';
import type { ConnectionLimits } from '#platform/config';

/**
 * Fastify's server options for the connection limits. Fastify sets `requestTimeout` on the
 * server after making it (0, off, by default), so it is passed both ways; the headers timeout
 * and how often Node looks for requests over their time can only be given when the server is
 * made (`http`). Node checks every `connectionsCheckingInterval` (30 s by default), so a
 * timeout fires up to that much late: a quarter of the shorter timeout, at most a second.
 * Neither timeout bounds a response: Node stops timing a request once it has arrived, so an
 * event stream or a long export is not cut. Fastify's `connectionTimeout` (socket inactivity)
 * is left off for that reason: a quiet event stream is a healthy one.
 */
export function serverOptions(limits: ConnectionLimits) {
  const http: ServerOptions = {
    headersTimeout: limits.headersTimeoutMs,
    requestTimeout: limits.requestTimeoutMs,
    connectionsCheckingInterval: Math.max(10, Math.min(1000, Math.floor(Math.min(limits.headersTimeoutMs, limits.requestTimeoutMs) / 4))),
    // require-host.ts answers a request without Host in the API's shape instead of Node's empty 400.
    requireHostHeader: false,
  };
  return { http, requestTimeout: limits.requestTimeoutMs, keepAliveTimeout: limits.keepAliveTimeoutMs } as const;
}
