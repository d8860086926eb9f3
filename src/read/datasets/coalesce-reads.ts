/**
 * Shares a read among its concurrent callers without ever answering a caller with a read
 * that began before its call (so a caller that has just seen a write sees it here too). A
 * call while no read runs starts one; calls while one runs share the next, which starts
 * when the running one settles. However many callers, at most one read runs and one waits.
 */
export function coalesceReads<T>(read: () => Promise<T>): () => Promise<T> {
  let running: Promise<void> | undefined;
  let waiting: Promise<T> | undefined;
  const start = (): Promise<T> => {
    const result = read();
    const settled = result.then(
      () => undefined,
      () => undefined,
    );
    running = settled;
    // Registered before any waiter's continuation, so `running` is cleared before the waiter starts the next read.
    void settled.then(() => {
      if (running === settled) running = undefined;
    });
    return result;
  };
  return () => {
    if (running === undefined) return start();
    waiting ??= running.then(() => {
      waiting = undefined;
      return start();
    });
    return waiting;
  };
}
