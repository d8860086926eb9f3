import { BlockList, isIPv4 } from 'node:net';

/** The ranges Fastify's trustProxy (proxy-addr) knows by name. */
const NAMED_RANGES: Readonly<Record<string, readonly string[]>> = {
  loopback: ['127.0.0.1/8', '::1/128'],
  linklocal: ['169.254.0.0/16', 'fe80::/10'],
  uniquelocal: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'],
};

/**
 * Whether a connecting address is one of the proxies `TRUST_PROXY` names (addresses, CIDRs and
 * proxy-addr's named ranges, as config.ts checks them): the same proxies Fastify takes
 * X-Forwarded-For from. An IPv4-mapped IPv6 address matches its IPv4 entry (BlockList maps them).
 */
export function trustedProxyCheck(entries: readonly string[]): (address: string) => boolean {
  if (entries.length === 0) return () => false;
  const list = new BlockList();
  for (const entry of entries.flatMap((name) => NAMED_RANGES[name] ?? [name])) {
    const [address = '', prefix] = entry.split('/');
    const family = isIPv4(address) ? 'ipv4' : 'ipv6';
    if (prefix === undefined) list.addAddress(address, family);
    else list.addSubnet(address, Number(prefix), family);
  }
  return (address) => list.check(address.replace(/%.*$/, ''), isIPv4(address) ? 'ipv4' : 'ipv6');
}
