/** Clock and sleep, injected so that tests run the schedule on a fake clock. */
export interface Clock {
  now(): number;
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

/** What waits on each signal: one listener a signal wakes them all (`onAbort`). */
const waitingOn = new WeakMap<AbortSignal, { readonly wakers: Set<() => void>; readonly listener: () => void }>();

/**
 * Calls `wake` when `signal` aborts; the function returned forgets it. Every dataset of a sync
 * waits on the one stop signal at once (its host's turn, a backoff, the next look at the
 * schedule): one listener on the signal for all of them, removed when none waits, where a
 * listener each made Node warn of a leak past ten.
 */
function onAbort(signal: AbortSignal, wake: () => void): () => void {
  let entry = waitingOn.get(signal);
  if (!entry) {
    const wakers = new Set<() => void>();
    const created = { wakers, listener: () => [...wakers].forEach((waker) => waker()) };
    waitingOn.set(signal, created);
    signal.addEventListener('abort', created.listener, { once: true });
    entry = created;
  }
  const { wakers, listener } = entry;
  wakers.add(wake);
  return () => {
    if (!wakers.delete(wake) || wakers.size > 0) return;
    signal.removeEventListener('abort', listener);
    if (waitingOn.get(signal)?.listener === listener) waitingOn.delete(signal);
  };
}

export const systemClock: Clock = {
  now: () => Date.now(),
  sleep: (ms, signal) =>
    new Promise<void>((resolve) => {
      if (signal?.aborted) return resolve();
      const timer = setTimeout(done, ms);
      const forget = signal && onAbort(signal, done);
      function done() {
        clearTimeout(timer);
        forget?.();
        resolve();
      }
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
