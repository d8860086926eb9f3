import { afterEach, describe, expect, it, vi } from 'vitest';
import { mallocTrim, startReturningFreeMemory, type TrimFreeMemory } from './free-memory.ts';

afterEach(() => {
  vi.useRealTimers();
});

describe('mallocTrim', () => {
  it.runIf(process.platform === 'linux')("calls glibc's malloc_trim off the event loop on Linux", async () => {
    const trim = mallocTrim();
    expect(trim).toBeTypeOf('function');
    // malloc_trim answers 1 when it gave memory back, 0 when there was none to give.
    expect([true, false]).toContain(await trim?.());
    expect(mallocTrim()).toBe(trim); // bound once
  });
});

describe('startReturningFreeMemory', () => {
  it('trims at every interval, never two at once, and stops when asked', async () => {
    vi.useFakeTimers();
    let finish: (() => void) | undefined;
    const trim = vi.fn<TrimFreeMemory>(
      () =>
        new Promise<boolean>((resolve) => {
          finish = () => resolve(true);
        }),
    );
    const returner = startReturningFreeMemory(1_000, () => trim);
    await vi.advanceTimersByTimeAsync(999);
    expect(trim).toHaveBeenCalledTimes(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(trim).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(3_000); // the first still runs: no second beside it
    expect(trim).toHaveBeenCalledTimes(1);
    finish?.();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(trim).toHaveBeenCalledTimes(2);
    finish?.();
    returner.stop();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(trim).toHaveBeenCalledTimes(2);
  });

  it('keeps its turns after a trim that failed', async () => {
    vi.useFakeTimers();
    const trim = vi.fn<TrimFreeMemory>(() => Promise.reject(new Error('no')));
    const returner = startReturningFreeMemory(1_000, () => trim);
    await vi.advanceTimersByTimeAsync(3_000);
    expect(trim).toHaveBeenCalledTimes(3);
    returner.stop();
  });

  it('ends its timer at the first turn where there is no malloc_trim', async () => {
    vi.useFakeTimers();
    const trimmer = vi.fn(() => undefined);
    startReturningFreeMemory(1_000, trimmer);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(trimmer).toHaveBeenCalledTimes(1);
    expect(vi.getTimerCount()).toBe(0);
  });
});
