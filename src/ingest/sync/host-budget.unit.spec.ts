import { getEventListeners } from 'node:events';
import { describe, expect, it } from 'vitest';
import { type Clock, createHostBudget, systemClock } from './host-budget.ts';

/** A clock whose sleeps end only when the test moves time on: no real timer anywhere. */
function virtualClock(start: number) {
  let now = start;
  const timers: Array<{ at: number; wake: () => void }> = [];
  const settle = () => new Promise<void>((resolve) => setImmediate(resolve));
  const clock: Clock = {
    now: () => now,
    sleep: (ms) => new Promise<void>((wake) => timers.push({ at: now + ms, wake })),
  };
  return {
    clock,
    /** Moves time to each pending sleep's end in turn, until no one sleeps. */
    async runAll() {
      for (;;) {
        await settle();
        timers.sort((a, b) => a.at - b.at);
        const next = timers.shift();
        if (!next) return;
        now = Math.max(now, next.at);
        next.wake();
      }
    },
    async advance(ms: number) {
      now += ms;
      await settle();
    },
  };
}

/** Starts `count` takes at once and gives the instant each was let through. */
async function startTimes(budget: ReturnType<typeof createHostBudget>, time: ReturnType<typeof virtualClock>, count: number) {
  const started: number[] = [];
  const takes = Array.from({ length: count }, () => budget.take().then(() => started.push(time.clock.now())));
  await time.runAll();
  await Promise.all(takes);
  return started;
}

const mostInAnySecond = (instants: readonly number[]) =>
  Math.max(...instants.map((t) => instants.filter((u) => u >= t && u < t + 1000).length));

describe('createHostBudget', () => {
  it.each([1, 2, 3])('starts concurrent requests at least 1000/%i ms apart, in the order they asked', async (rps) => {
    const time = virtualClock(1_700_000_000_000);
    const started = await startTimes(createHostBudget(rps, time.clock), time, 10);
    expect(started).toHaveLength(10);
    for (let i = 1; i < started.length; i++) expect(started[i]! - started[i - 1]!).toBeGreaterThanOrEqual(1000 / rps);
    expect(mostInAnySecond(started)).toBeLessThanOrEqual(rps);
  });

  it('lets a quiet spell buy no burst', async () => {
    const time = virtualClock(1_700_000_000_000);
    const budget = createHostBudget(2, time.clock);
    const first = await startTimes(budget, time, 3);
    await time.advance(60_000);
    const after = await startTimes(budget, time, 6);
    expect(after[0]).toBe(first[2]! + 60_000);
    for (let i = 1; i < after.length; i++) expect(after[i]! - after[i - 1]!).toBeGreaterThanOrEqual(500);
    expect(mostInAnySecond([...first, ...after])).toBeLessThanOrEqual(2);
  });

  it('lets the first request through at once', async () => {
    const time = virtualClock(5_000);
    expect(await startTimes(createHostBudget(1, time.clock), time, 1)).toEqual([5_000]);
  });
});

describe('systemClock.sleep on one signal', () => {
  it('holds one abort listener however many wait at once, wakes them all on abort, and removes it after', async () => {
    const warnings: Error[] = [];
    const warned = (warning: Error) => warnings.push(warning);
    process.on('warning', warned);
    try {
      const controller = new AbortController();
      const started = Date.now();
      const sleeps = Array.from({ length: 50 }, () => systemClock.sleep(60_000, controller.signal));
      expect(getEventListeners(controller.signal, 'abort')).toHaveLength(1);
      controller.abort();
      await Promise.all(sleeps);
      expect(Date.now() - started).toBeLessThan(5_000);
      expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
      await new Promise((resolve) => setImmediate(resolve));
      expect(warnings.filter((warning) => warning.name === 'MaxListenersExceededWarning')).toEqual([]);
    } finally {
      process.off('warning', warned);
    }
  });

  it('leaves no listener behind when the sleeps end on time, and returns at once on an aborted signal', async () => {
    const controller = new AbortController();
    await Promise.all(Array.from({ length: 20 }, (_, i) => systemClock.sleep(1 + (i % 5), controller.signal)));
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
    // A sleep started after the others ended listens anew, and is woken by the abort.
    const late = systemClock.sleep(60_000, controller.signal);
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(1);
    controller.abort();
    await late;
    const started = Date.now();
    await systemClock.sleep(60_000, controller.signal);
    expect(Date.now() - started).toBeLessThan(1_000);
  });
});
