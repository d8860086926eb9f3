/**
 * Wakes readers waiting for events. A notification that arrives while nobody waits is
 * remembered, so a reader that checks and then waits cannot miss it; every wait also ends
 * by its timeout or on abort, because a wake-up is only a hint to read again.
 */
export interface WakeUps {
  wait(options: { timeoutMs: number; signal?: AbortSignal | undefined }): Promise<void>;
  notify(): void;
  /** Ends every wait now. */
  close(): void;
}

export function createWakeUps(): WakeUps {
  const waiting = new Set<() => void>();
  let pending = false;
  return {
    wait({ timeoutMs, signal }) {
      if (pending || signal?.aborted) {
        pending = false;
        return Promise.resolve();
      }
      return new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          signal?.removeEventListener('abort', done);
          waiting.delete(done);
          resolve();
        };
        const timer = setTimeout(done, timeoutMs);
        signal?.addEventListener('abort', done, { once: true });
        waiting.add(done);
      });
    },
    notify() {
      if (waiting.size === 0) pending = true;
      for (const wake of [...waiting]) wake();
    },
    close() {
      for (const wake of [...waiting]) wake();
    },
  };
}
