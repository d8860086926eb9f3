import { ReadTimeoutError } from '#platform/errors';
import type { Database } from './db.ts';
import { isPgError, SQLSTATE } from './pg-errors.ts';

/**
 * The API's and MCP tools' database with every read bounded in time (docs/read-time-limits.md),
 * a request never hanging on one:
 *
 * - On a PostgreSQL server the connections themselves carry `statement_timeout` (openPgPool's
 *   `statementTimeoutMs`): the server cancels a statement running longer, and its
 *   query_canceled (57014) becomes a ReadTimeoutError, 503 with Retry-After over HTTP and a
 *   tool error in MCP.
 * - Embedded PGlite runs in this process and cannot cancel a statement. Each call (a
 *   statement, or a transaction as a whole) has `ms` from the moment it is made, waiting for its
 *   turn included: past it the call is answered with a ReadTimeoutError while the statement
 *   finishes in the background, its result dropped.
 */
export function limitReadTime(db: Database, ms: number): Database {
  const within =
    db.kind === 'pglite' ? <T>(work: Promise<T>) => withinDeadline(work, ms) : <T>(work: Promise<T>) => cancelledAsTimeout(work, ms);
  return {
    ...db,
    query: (text, params) => within(db.query(text, params)),
    transaction: (fn) => within(db.transaction(fn)),
    ...(db.queryText ? { queryText: (text: string, params: readonly unknown[]) => within(db.queryText!(text, params)) } : {}),
    close: () => db.close(),
  };
}

/** A statement the server cancelled, as the error the API and the tools answer with. */
async function cancelledAsTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (isPgError(error) && error.code === SQLSTATE.queryCanceled) throw new ReadTimeoutError(ms, { cause: error });
    throw error;
  }
}

/** `work`, or a ReadTimeoutError once `ms` have passed; `work` runs on, and its late outcome is dropped. */
export function withinDeadline<T>(work: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ReadTimeoutError(ms)), ms);
    work.finally(() => clearTimeout(timer)).then(resolve, reject);
  });
}
