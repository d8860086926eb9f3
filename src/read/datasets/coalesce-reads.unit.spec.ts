import { describe, expect, it } from 'vitest';
import { coalesceReads } from './coalesce-reads.ts';

/** A read whose calls the test settles by hand, numbered from 1. */
function givenManualRead() {
  const pending: Array<{ resolve: (n: number) => void; reject: (error: Error) => void }> = [];
  const read = () =>
    new Promise<number>((resolve, reject) => {
      pending.push({ resolve, reject });
    });
  const settle = async (index: number, outcome: 'ok' | 'fail' = 'ok') => {
    const call = pending[index];
    if (!call) throw new Error(`read ${index + 1} was never started`);
    if (outcome === 'ok') call.resolve(index + 1);
    else call.reject(new Error(`read ${index + 1} failed`));
    await new Promise((resolve) => setImmediate(resolve));
  };
  return { read, pending, settle };
}

describe('coalesceReads', () => {
  it('runs one read for the first caller and one more, shared, for every caller that came while it ran', async () => {
    const { read, pending, settle } = givenManualRead();
    const shared = coalesceReads(read);
    const first = shared();
    const later = Array.from({ length: 50 }, () => shared());
    expect(pending).toHaveLength(1);
    await settle(0);
    expect(pending).toHaveLength(2);
    await settle(1);
    expect(await first).toBe(1);
    expect(await Promise.all(later)).toEqual(Array.from({ length: 50 }, () => 2));
  });

  it('starts a new read for a call after the last one settled', async () => {
    const { read, pending, settle } = givenManualRead();
    const shared = coalesceReads(read);
    const first = shared();
    await settle(0);
    expect(await first).toBe(1);
    const next = shared();
    expect(pending).toHaveLength(2);
    await settle(1);
    expect(await next).toBe(2);
  });

  it('gives a failed read to its callers only; those waiting get a read of their own', async () => {
    const { read, settle } = givenManualRead();
    const shared = coalesceReads(read);
    const failing = shared();
    const waiting = shared();
    await settle(0, 'fail');
    await expect(failing).rejects.toThrow('read 1 failed');
    await settle(1);
    expect(await waiting).toBe(2);
  });
});
