import { describe, expect, it } from 'vitest';
import { checkpointOf, START } from '../event-store.ts';
import { compareLogPositions, decodeKurrentCheckpoint, encodeKurrentCheckpoint } from './kurrentdb-checkpoint.ts';

describe('the KurrentDB store checkpoint token', () => {
  it('round-trips a commit and prepare position, beyond 2^53 included', () => {
    const position = { commit: 18_446_744_073_709_551_615n, prepare: 9_007_199_254_740_993n };
    const token = encodeKurrentCheckpoint(position);
    expect(token).toBe('kurrentdb:18446744073709551615:9007199254740993');
    expect(decodeKurrentCheckpoint(token)).toEqual(position);
  });

  it('reads start as before the first event', () => {
    expect(decodeKurrentCheckpoint(START)).toBeUndefined();
  });

  it('refuses a token another store wrote, or a damaged one', () => {
    for (const token of ['pg:1:2', 'mem:3', 'kurrentdb:1', 'kurrentdb:a:1', 'kurrentdb:1:2:3']) {
      expect(() => decodeKurrentCheckpoint(checkpointOf(token)), token).toThrow(/was not written by the KurrentDB event store/);
    }
  });

  it('orders by commit position, then prepare position', () => {
    expect(compareLogPositions({ commit: 10n, prepare: 5n }, { commit: 9n, prepare: 50n })).toBe(1);
    expect(compareLogPositions({ commit: 10n, prepare: 5n }, { commit: 10n, prepare: 6n })).toBe(-1);
    expect(compareLogPositions({ commit: 10n, prepare: 6n }, { commit: 10n, prepare: 6n })).toBe(0);
  });
});
