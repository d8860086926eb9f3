import type { Scope } from '../../../schemas/api/keys.ts';
import type { ApiKeyRecord } from './api-key-record.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The authenticated key; undefined on public paths and unmatched routes. */
    apiKey: ApiKeyRecord | undefined;
  }
  interface FastifyContextConfig {
    /** The scope a key needs for this route; `read` when not given. */
    requiredScope?: Scope;
  }
}
