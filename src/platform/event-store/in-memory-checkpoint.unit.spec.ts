import { describe, expect, it } from 'vitest';
import { checkpointOf, START } from './event-store.ts';
import { decodeMemoryCheckpoint, encodeMemoryCheckpoint } from './in-memory-event-store.ts';

describe('the in-memory store checkpoint token', () => {
  it('names a position, and writes position 0 as the shared start token', () => {
    expect(encodeMemoryCheckpoint(42)).toBe('mem:42');
    expect(decodeMemoryCheckpoint(encodeMemoryCheckpoint(42))).toBe(42);
    expect(encodeMemoryCheckpoint(0)).toBe(START);
    expect(decodeMemoryCheckpoint(START)).toBe(0);
  });

  it('refuses a token another store wrote', () => {
    for (const token of ['pg:1:2', 'kurrentdb:1:2', 'mem:', 'mem:-1']) {
      expect(() => decodeMemoryCheckpoint(checkpointOf(token)), token).toThrow(/was not written by the in-memory event store/);
    }
  });
});
