import type { WindowCount } from './rate-limit-verdict.ts';
import { minuteWindow } from './rate-limit-windows.ts';

export interface AddressRateLimiter {
  /** Counts one request from `bucket` in the minute holding `now`, unless the minute is full. */
  take(bucket: string, now: Date): WindowCount;
}

/** Addresses tracked per minute before new ones share one count (about 100 bytes each). */
export const DEFAULT_MAX_ADDRESSES = 100_000;

// Where addresses beyond the cap are counted, together: memory stays bounded when a flood
// comes from more addresses than the cap, at the price of those newcomers sharing one allowance.
const OVERFLOW = 'overflow';

/**
 * Requests per address per calendar minute (UTC), counted in this process's memory: the
 * counts start afresh each minute, so at most `maxAddresses` (+1) entries are held.
 */
export function createAddressRateLimiter(options: { perMinute: number; maxAddresses?: number }): AddressRateLimiter {
  const maxAddresses = options.maxAddresses ?? DEFAULT_MAX_ADDRESSES;
  let minuteStart = Number.NaN;
  let counts = new Map<string, number>();
  return {
    take(bucket, now) {
      const window = minuteWindow(options.perMinute, now);
      if (window.start.getTime() !== minuteStart) {
        minuteStart = window.start.getTime();
        counts = new Map();
      }
      const key = counts.has(bucket) || counts.size < maxAddresses ? bucket : OVERFLOW;
      const used = counts.get(key) ?? 0;
      if (used >= window.limit) return { window, count: used, reached: true };
      counts.set(key, used + 1);
      return { window, count: used + 1, reached: false };
    },
  };
}
