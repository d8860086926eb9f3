import { describe, expect, it } from 'vitest';
import { checkpointOf, START } from './event-store.ts';
import { compareCommitOrder, decodePgCheckpoint, encodePgCheckpoint } from './pg-checkpoint.ts';

describe('the PostgreSQL store checkpoint token', () => {
  it('round-trips a place in commit order, xid8 values beyond 2^53 included', () => {
    const place = { transactionId: '18446744073709551615', position: 9_007_199_254_740_991 };
    const token = encodePgCheckpoint(place);
    expect(token).toBe('pg:18446744073709551615:9007199254740991');
    expect(decodePgCheckpoint(token)).toEqual(place);
  });

  it('writes the origin as the shared start token, and reads start as the origin', () => {
    expect(encodePgCheckpoint({ transactionId: '0', position: 0 })).toBe(START);
    expect(decodePgCheckpoint(START)).toEqual({ transactionId: '0', position: 0 });
  });

  it('refuses a token another store wrote, or a damaged one', () => {
    for (const token of ['mem:3', 'kurrentdb:1:1', 'pg:1', 'pg:-1:2', 'pg:1:2:3', '']) {
      expect(() => decodePgCheckpoint(checkpointOf(token)), token).toThrow(/was not written by the PostgreSQL event store/);
    }
  });

  it('orders by transaction first, then position', () => {
    expect(compareCommitOrder({ transactionId: '10', position: 1 }, { transactionId: '9', position: 500 })).toBeGreaterThan(0);
    expect(compareCommitOrder({ transactionId: '10', position: 1 }, { transactionId: '10', position: 2 })).toBeLessThan(0);
    expect(compareCommitOrder({ transactionId: '10', position: 2 }, { transactionId: '10', position: 2 })).toBe(0);
  });
});
