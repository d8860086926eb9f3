import { describe, expect, it } from 'vitest';
import { createAddressRateLimiter } from './address-rate-limiter.ts';

const at = (iso: string) => new Date(iso);

describe('createAddressRateLimiter', () => {
  it('admits perMinute requests per address in a calendar minute, then refuses until the next', () => {
    const limiter = createAddressRateLimiter({ perMinute: 2 });
    const now = at('2025-06-14T12:00:15Z');
    expect([1, 2, 3].map(() => limiter.take('a', now))).toMatchObject([
      { count: 1, reached: false },
      { count: 2, reached: false },
      { count: 2, reached: true },
    ]);
    expect(limiter.take('b', now)).toMatchObject({ count: 1, reached: false });
    expect(limiter.take('a', at('2025-06-14T12:00:59.999Z')).reached).toBe(true);
    expect(limiter.take('a', at('2025-06-14T12:01:00Z'))).toMatchObject({ count: 1, reached: false });
  });

  it('counts addresses beyond maxAddresses together, so memory stays bounded', () => {
    const limiter = createAddressRateLimiter({ perMinute: 2, maxAddresses: 3 });
    const now = at('2025-06-14T12:00:15Z');
    for (const address of ['a', 'b', 'c']) expect(limiter.take(address, now).reached).toBe(false);
    expect(limiter.take('d', now)).toMatchObject({ count: 1, reached: false });
    expect(limiter.take('e', now)).toMatchObject({ count: 2, reached: false });
    expect(limiter.take('f', now).reached).toBe(true);
    expect(limiter.take('a', now)).toMatchObject({ count: 2, reached: false }); // tracked ones keep their own
    expect(limiter.take('f', at('2025-06-14T12:01:00Z'))).toMatchObject({ count: 1, reached: false });
  });
});
