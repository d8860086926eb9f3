import { describe, expect, it } from 'vitest';
import { bindingWindow, rateLimitDetail, rateLimitVerdict, type WindowCount } from './rate-limit-verdict.ts';
import { windowsAt } from './rate-limit-windows.ts';

const now = new Date('2025-06-14T12:00:15Z');
const [minute, month] = windowsAt({ perMinute: 10, monthly: 100 }, now) as [
  ReturnType<typeof windowsAt>[number],
  ReturnType<typeof windowsAt>[number],
];
const counted = (count: number, window = minute): WindowCount => ({ window, count, reached: false });

describe('rateLimitVerdict', () => {
  it('admits a request under both limits and reports the window with fewer requests left', () => {
    expect(rateLimitVerdict([counted(3), counted(50, month)], now)).toEqual({
      allowed: true,
      headers: { 'ratelimit-limit': '10', 'ratelimit-remaining': '7', 'ratelimit-reset': '45' },
    });
    expect(rateLimitVerdict([counted(3), counted(95, month)], now)).toEqual({
      allowed: true,
      headers: { 'ratelimit-limit': '100', 'ratelimit-remaining': '5', 'ratelimit-reset': String(16 * 86_400 + 11 * 3600 + 59 * 60 + 45) },
    });
  });

  it('reports the month when both have as many left: it binds for longer', () => {
    expect(bindingWindow([counted(5), counted(95, month)])?.window.kind).toBe('month');
  });

  it('refuses with Retry-After when the minute is full', () => {
    const verdict = rateLimitVerdict([{ window: minute, count: 10, reached: true }, counted(40, month)], now);
    expect(verdict).toMatchObject({
      allowed: false,
      reached: minute,
      left: 0,
      retryAfterSeconds: 45,
      headers: { 'ratelimit-limit': '10', 'ratelimit-remaining': '0', 'ratelimit-reset': '45' },
    });
  });

  it('names the month when a full minute hides a used-up month', () => {
    const verdict = rateLimitVerdict([{ window: minute, count: 10, reached: true }, counted(100, month)], now);
    expect(verdict).toMatchObject({ allowed: false, reached: month, headers: { 'ratelimit-limit': '100' } });
    expect(verdict?.allowed === false && verdict.retryAfterSeconds).toBe(16 * 86_400 + 11 * 3600 + 59 * 60 + 45);
  });

  it('says nothing when no window is on', () => {
    expect(rateLimitVerdict([], now)).toBeUndefined();
  });
});

describe('rateLimitDetail', () => {
  it('says which allowance was reached and when it renews', () => {
    expect(rateLimitDetail(minute)).toBe('rate limit reached: 10 requests per minute for this key; retry after 2025-06-14T12:01:00.000Z');
    expect(rateLimitDetail(month)).toBe(
      'monthly allowance reached: 100 requests per calendar month (UTC) for this key; it renews at 2025-07-01T00:00:00.000Z',
    );
  });

  it('tells a batch refused as a whole how many requests were left, or that it can never fit', () => {
    const verdict = rateLimitVerdict([{ window: minute, count: 4, reached: true }, counted(40, month)], now);
    expect(verdict).toMatchObject({ allowed: false, left: 6, headers: { 'ratelimit-remaining': '6' } });
    expect(rateLimitDetail(minute, { cost: 8, left: 6 })).toBe(
      'this batch of 8 calls counts as 8 requests, and 6 of the 10 requests per minute for this key are left: send fewer calls, or retry after 2025-06-14T12:01:00.000Z',
    );
    expect(rateLimitDetail(month, { cost: 30, left: 2 })).toBe(
      'this batch of 30 calls counts as 30 requests, and 2 of the 100 requests per calendar month (UTC) for this key are left: send fewer calls, or it renews at 2025-07-01T00:00:00.000Z',
    );
    expect(rateLimitDetail(minute, { cost: 11, left: 10 })).toBe(
      'this batch of 11 calls counts as 11 requests, more than the 10 requests per minute this key may make: send at most 10 calls per batch',
    );
  });
});
