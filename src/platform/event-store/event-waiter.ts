import type { Database, Unlisten } from '#platform/db';
import { EVENTS_CHANNEL } from './append-to-stream.ts';

const POLL_INTERVAL_MS = 100;

async function headPosition(db: Database): Promise<number> {
  const { rows } = await db.query<{ head: number | null }>('select max(global_position) as head from es_events');
  return rows[0]?.head ?? 0;
}

/**
 * Wakes readers when events are appended: LISTEN/NOTIFY on a server; on PGlite, which has
 * no second connection to listen on, by polling the head position every 100 ms.
 *
 * A notification that arrives while nobody waits is remembered, so a reader that checks
 * and then waits cannot miss it. Waits always end by `timeoutMs`: an event can become
 * readable without a notification (an older transaction that held the horizon back
 * commits without appending). One waiter at a time: each consumer uses its own store.
 */
export class EventWaiter {
  readonly #db: Database;
  #unlisten: Promise<Unlisten> | undefined;
  #pending = false;
  #wake: (() => void) | undefined;

  constructor(db: Database) {
    this.#db = db;
  }

  async wait({ timeoutMs, signal }: { timeoutMs: number; signal?: AbortSignal | undefined }): Promise<void> {
    if (this.#db.listen && !this.#unlisten) {
      const listening = this.#db.listen(
        EVENTS_CHANNEL,
        () => this.#notify(),
        () => {
          // Listen again on the next wait; wake the reader now, it may have missed something.
          this.#unlisten = undefined;
          this.#notify();
        },
      );
      this.#unlisten = listening;
      // Without a listener the wait still ends by its timeout; the next wait tries again.
      await listening.catch(() => {
        if (this.#unlisten === listening) this.#unlisten = undefined;
      });
    }
    const poll = this.#db.listen ? undefined : await this.#startPolling();
    if (this.#pending || signal?.aborted) {
      poll?.stop();
      this.#pending = false;
      return;
    }
    await new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        poll?.stop();
        signal?.removeEventListener('abort', done);
        this.#wake = undefined;
        this.#pending = false;
        resolve();
      };
      const timer = setTimeout(done, timeoutMs);
      signal?.addEventListener('abort', done, { once: true });
      this.#wake = done;
    });
  }

  async #startPolling(): Promise<{ stop(): void }> {
    const start = await headPosition(this.#db);
    let stopped = false;
    const tick = async () => {
      if (stopped) return;
      if ((await headPosition(this.#db).catch(() => start)) !== start) this.#notify();
      else if (!stopped) timer = setTimeout(() => void tick(), POLL_INTERVAL_MS);
    };
    let timer = setTimeout(() => void tick(), POLL_INTERVAL_MS);
    return {
      stop() {
        stopped = true;
        clearTimeout(timer);
      },
    };
  }

  #notify(): void {
    this.#pending = true;
    this.#wake?.();
  }

  async close(): Promise<void> {
    const unlisten = this.#unlisten;
    this.#unlisten = undefined;
    this.#wake?.();
    if (unlisten) await unlisten.then((stop) => stop()).catch(() => undefined);
  }
}
