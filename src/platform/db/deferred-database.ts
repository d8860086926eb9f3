import type { Database } from './db.ts';

/**
 * A database still opening, with the shape the open one will have: each statement waits for
 * it and then runs there. The API is built and listening while the embedded engine starts
 * (docs/start-up.md); a request that needs the database waits for it, one that does not
 * (`GET /v1/`, the documentation) is answered at once. Its shape follows from the kind alone:
 * embedded PGlite has a foreground lane and neither notifications nor text rows; a server's
 * pool has both and no lanes (checked against the real ones in deferred-database.int.spec.ts).
 * `ready` is what statements wait for besides the opening (the start's decision whether to
 * ingest the sample, which the API's first answers report); closing waits for the opening only.
 */
export function deferredDatabase(kind: Database['kind'], opened: Promise<Database>, ready: Promise<unknown> = opened): Database {
  const lane = (opening: Promise<Database>): Database => {
    // Statements wait for `ready` (the opener's own first work done), then for the lane.
    const of = ready.then(() => opening);
    // Each statement reports a failure to open; neither is left unhandled meanwhile.
    opening.catch(() => undefined);
    of.catch(() => undefined);
    const db: Database = {
      kind,
      query: async (text, params) => (await of).query(text, params),
      transaction: async (fn) => (await of).transaction(fn),
      // A database that failed to open has nothing to close; its opener reports the failure.
      close: () =>
        opened.then(
          (open) => open.close(),
          () => undefined,
        ),
    };
    if (kind === 'pglite') return db;
    return {
      ...db,
      queryText: async (text, params) => {
        const open = await of;
        if (!open.queryText) throw new Error('the database opened has no text rows');
        return open.queryText(text, params);
      },
      listen: async (channel, onNotify, onLost) => {
        const open = await of;
        if (!open.listen) throw new Error('the database opened has no notifications');
        return open.listen(channel, onNotify, onLost);
      },
    };
  };
  const background = lane(opened);
  return kind === 'pglite' ? { ...background, foreground: lane(opened.then((open) => open.foreground ?? open)) } : background;
}
