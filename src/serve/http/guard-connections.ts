import type { FastifyInstance } from 'fastify';
import type { ConnectionLimits } from '#platform/config';
import { trustedProxyCheck } from '#serve/access';
import { capConnectionsPerAddress } from './cap-connections-per-address.ts';
import { honourConnectionClose } from './honour-connection-close.ts';
import { requireHost } from './require-host.ts';

/**
 * What the app does about connections beside its server's timeouts (`serverOptions`): caps
 * connections per client address, then adds the hooks every request meets before any other
 * (call it before registering anything): nothing runs for a request without Host, and every
 * response honours a client's `Connection: close`.
 */
export function guardConnections(app: FastifyInstance, limits: ConnectionLimits, trustProxy: readonly string[]): void {
  capConnectionsPerAddress(app.server, limits.maxConnectionsPerAddress, trustedProxyCheck(trustProxy));
  requireHost(app);
  honourConnectionClose(app);
}
