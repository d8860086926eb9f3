import { describe, expect, it } from 'vitest';
import { addressBucket } from './address-bucket.ts';

describe('addressBucket', () => {
  it('counts an IPv4 client by its address, also when a dual-stack socket shows it IPv4-mapped', () => {
    expect(addressBucket('203.0.113.7')).toBe('203.0.113.7');
    expect(addressBucket('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(addressBucket('::FFFF:203.0.113.7')).toBe('203.0.113.7');
  });

  it('counts an IPv6 client by its /64 network, however the address is written', () => {
    const network = '2001:db8:0:1::/64';
    for (const address of ['2001:db8:0:1::1', '2001:db8:0:1:ffff:ffff:ffff:ffff', '2001:0db8:0000:0001::9', '2001:db8:0:1::5%eth0']) {
      expect(addressBucket(address), address).toBe(network);
    }
    expect(addressBucket('2001:db8:0:2::1')).toBe('2001:db8:0:2::/64');
    expect(addressBucket('::1')).toBe('0:0:0:0::/64');
    expect(addressBucket('64:ff9b::203.0.113.7')).toBe('64:ff9b:0:0::/64');
  });
});
