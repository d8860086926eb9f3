import { describe, expect, it } from 'vitest';
import { candleKnownAt } from './candle-known-at.ts';

describe('candleKnownAt', () => {
  it('is 15:30 IST of the trading day of a daily candle starting 09:15 IST, and a bar’s end', () => {
    expect(candleKnownAt({ start: '2021-01-06T03:45:00.000Z', interval: '1d' })).toBe('2021-01-06T10:00:00.000Z');
    expect(candleKnownAt({ start: '2021-01-06T09:15:00+05:30', interval: '1d' })).toBe('2021-01-06T10:00:00.000Z');
    expect(candleKnownAt({ start: '2024-06-28T09:55:00.000Z', interval: '5m' })).toBe('2024-06-28T10:00:00.000Z');
    expect(candleKnownAt({ start: '2024-06-28T09:59:00.000Z', interval: '1m' })).toBe('2024-06-28T10:00:00.000Z');
    expect(candleKnownAt({ start: '2024-06-28T09:45:00.000Z', interval: '15m' })).toBe('2024-06-28T10:00:00.000Z');
    expect(candleKnownAt({ start: '2024-06-28T09:45:00.000Z', interval: '1h' })).toBe('2024-06-28T10:45:00.000Z');
  });
});
