/** Waits for `wake`, `timeoutMs` or the abort, whichever comes first. */
export function nap(timeoutMs: number, wakers: Set<() => void>, signal: AbortSignal | undefined): Promise<void> {
  if (signal?.aborted) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      wakers.delete(done);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, timeoutMs);
    wakers.add(done);
    signal?.addEventListener('abort', done, { once: true });
  });
}
