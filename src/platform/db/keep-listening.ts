import type { Database, Unlisten } from './db.ts';

const RELISTEN_MS = 1_000;

export interface ListeningHandlers {
  /** Every notification on the channel. */
  readonly onNotify: (payload: string) => void;
  /**
   * Listening began (true) or was lost (false). Nothing heard of before it began can be
   * trusted after it, and nothing is heard while it is lost.
   */
  readonly onListening: (listening: boolean) => void;
  /** Listening failed or was lost; it is tried again a second later. */
  readonly onError: (error: unknown) => void;
}

/**
 * Listens on `channel` until the returned function is called, listening again a second after
 * the connection is lost or the LISTEN fails. Where the database has no `listen` (PGlite, one
 * process) it does nothing: callers treat that database as always heard.
 */
export function keepListening(db: Database, channel: string, handlers: ListeningHandlers): () => Promise<void> {
  let closed = false;
  let unlisten: Unlisten | undefined;
  let relisten: NodeJS.Timeout | undefined;
  const retry = () => {
    if (!closed) relisten = setTimeout(listen, RELISTEN_MS).unref();
  };
  function listen() {
    if (!db.listen || closed) return;
    db.listen(channel, handlers.onNotify, (error) => {
      unlisten = undefined;
      handlers.onListening(false);
      handlers.onError(error);
      retry();
    }).then(
      (stop) => {
        if (closed) return void stop();
        unlisten = stop;
        handlers.onListening(true);
      },
      (error: unknown) => {
        handlers.onError(error);
        retry();
      },
    );
  }
  listen();
  return async () => {
    closed = true;
    clearTimeout(relisten);
    await unlisten?.().catch(handlers.onError);
  };
}
