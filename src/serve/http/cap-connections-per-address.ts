import type { Server, Socket } from 'node:net';
import { addressBucket } from '#serve/access';

/**
 * Closes, as it is accepted, a connection from a client address (an IPv6 /64, as the public
 * rate limit counts) that already holds `max` open ones (none closed when `max` is undefined),
 * as Node's own `server.maxConnections` does for the whole server: answering it would mean
 * reading its request, which is the holding a flood of slow connections is made of. The
 * address is the socket's: a connection is capped before any header names a client, and a
 * proxy's own connections (`isTrustedProxy`: TRUST_PROXY), which carry its clients' requests,
 * are left to the proxy (nginx's limit_conn). Counts live as long as the connections do.
 */
export function capConnectionsPerAddress(server: Server, max: number | undefined, isTrustedProxy: (address: string) => boolean): void {
  if (max === undefined) return;
  const open = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress;
    if (address === undefined || isTrustedProxy(address)) return;
    const bucket = addressBucket(address);
    const held = open.get(bucket) ?? 0;
    if (held >= max) {
      socket.destroy();
      return;
    }
    open.set(bucket, held + 1);
    socket.once('close', () => {
      const left = (open.get(bucket) ?? 1) - 1;
      if (left === 0) open.delete(bucket);
      else open.set(bucket, left);
    });
  });
}
