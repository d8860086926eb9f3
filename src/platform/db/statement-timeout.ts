import type { Database, SqlExecutor } from './db.ts';

/**
 * An executor whose statements each run under `statement_timeout` (milliseconds) on a
 * server: a transaction of its own per statement, so the setting (`set local`) ends with it
 * and the pooled connection goes back as it came. PGlite runs in this process and does not
 * enforce the setting (it has no timer to cancel a statement with), so there the database
 * is returned as it is; callers bound their statements by a row limit as well.
 */
export function withStatementTimeout(db: Database, ms: number): SqlExecutor {
  if (db.kind === 'pglite') return db;
  const setting = `set local statement_timeout = ${Math.max(1, Math.trunc(ms))}`;
  const bounded: SqlExecutor = {
    query: (text, params) =>
      db.transaction(async (tx) => {
        await tx.query(setting);
        return tx.query(text, params);
      }),
    transaction: (fn) => db.transaction(fn),
  };
  return bounded;
}
