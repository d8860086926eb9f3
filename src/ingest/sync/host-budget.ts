/** Clock and sleep, injected so that tests run the schedule on a fake clock. */
export interface Clock {
  now(): number;
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  sleep: (ms, signal) =>
    new Promise<void>((resolve) => {
      if (signal?.aborted) return resolve();
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        signal?.removeEventListener('abort', done);
        resolve();
      }
      signal?.addEventListener('abort', done, { once: true });
    }),
};

/**
 * One host's request budget: requests start at least `1000 / perSecond` ms apart, in the
 * order they asked, whatever the number of callers. A spacing rather than a bucket of
 * tokens, so that no window of any length ever holds more than its share (a bucket would
 * allow a burst after a quiet spell, which is what the exchanges' bot checks look for).
 * The spacing is whole milliseconds, rounded up: a fraction (333.33… at 3 a second) summed
 * on an epoch clock rounds below itself and lets one request too many into a second.
 */
export function createHostBudget(perSecond: number, clock: Clock = systemClock): { take(signal?: AbortSignal): Promise<void> } {
  const spacingMs = Math.ceil(1000 / perSecond);
  let nextAt = 0;
  return {
    async take(signal) {
      const now = clock.now();
      const at = Math.max(now, nextAt);
      nextAt = at + spacingMs;
      if (at > now) await clock.sleep(at - now, signal);
    },
  };
}
