import { isIPv4, isIPv6 } from 'node:net';

const MAPPED_IPV4 = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i;

/** The 16-bit groups of an IPv6 address, `::` expanded (an embedded IPv4 tail counts as two groups). */
function ipv6Groups(address: string): string[] {
  const groups = (part: string | undefined) =>
    part === undefined || part === '' ? [] : part.split(':').flatMap((group) => (group.includes('.') ? ['0', '0'] : [group]));
  const [head, tail] = address.split('::');
  const before = groups(head);
  const after = groups(tail);
  const zeros = address.includes('::') ? 8 - before.length - after.length : 0;
  return [...before, ...Array.from({ length: zeros }, () => '0'), ...after];
}

/**
 * What one client's unauthenticated requests are counted under: its IPv4 address, or the /64
 * network of an IPv6 one. A subscriber is usually given a whole /64, so counting single IPv6
 * addresses would hand one client 2^64 allowances. IPv4-mapped IPv6 addresses (a dual-stack
 * socket's view of an IPv4 client) count as the IPv4 address.
 */
export function addressBucket(ip: string): string {
  const address = ip.replace(/%.*$/, ''); // a zone index (fe80::1%eth0) names an interface, not a client
  const mapped = MAPPED_IPV4.exec(address)?.[1];
  if (mapped !== undefined) return mapped;
  if (isIPv4(address) || !isIPv6(address)) return address;
  const network = ipv6Groups(address)
    .slice(0, 4)
    .map((group) => Number.parseInt(group, 16).toString(16));
  return `${network.join(':')}::/64`;
}
