import type { Scope } from '#schemas/api';
import type { ApiKeyRecord } from './api-key-record.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The authenticated key; undefined on public paths and unmatched routes. */
    apiKey: ApiKeyRecord | undefined;
  }
  interface FastifyContextConfig {
    /** The scope a key needs for this route; `read` when not given. */
    requiredScope?: Scope;
    /**
     * How many requests a request to this route counts as, read from its parsed body (an MCP
     * JSON-RPC batch counts each call). A route that gives it is counted after its body is
     * parsed, once, at that cost; every other route is counted once, before parsing.
     */
    requestCost?: (request: FastifyRequest) => number;
  }
}
