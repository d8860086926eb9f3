/** Rows returned by a statement and the number of rows it touched. */
export interface QueryResult<R> {
  readonly rows: R[];
  readonly rowCount: number;
}

/** A result as PostgreSQL's text output: each column's name and type, each row's values in select order. */
export interface TextRows {
  readonly fields: readonly { readonly name: string; readonly dataTypeId: number }[];
  readonly rows: readonly (readonly (string | null)[])[];
}

/**
 * The one query interface over PGlite and a PostgreSQL server. SQL operations take an
 * executor as their first argument so that they compose inside a transaction.
 */
export interface SqlExecutor {
  query<R extends object = Record<string, unknown>>(text: string, params?: readonly unknown[]): Promise<QueryResult<R>>;
  /** Runs `fn` in a transaction; inside a transaction it joins the open one. */
  transaction<T>(fn: (tx: SqlExecutor) => Promise<T>): Promise<T>;
  /**
   * The rows as PostgreSQL's text of each value, nothing converted, for a reader that writes
   * them out as they are (the facts read turns them into JSON text). Optional: where it is
   * absent, read through `query`.
   */
  queryText?(text: string, params: readonly unknown[]): Promise<TextRows>;
}

/** A notification listener; call the returned function to stop listening. */
export type Unlisten = () => Promise<void>;

/** An open database: the executor plus what only a whole connection can do. */
export interface Database extends SqlExecutor {
  readonly kind: 'pglite' | 'postgres';
  /**
   * LISTEN on a channel. `onLost` is called if the listening connection fails; listen
   * again to resume. Undefined where notifications cannot reach another process (PGlite is
   * in-process and single-connection; callers poll instead).
   */
  readonly listen?: (channel: string, onNotify: (payload: string) => void, onLost?: (error: Error) => void) => Promise<Unlisten>;
  /**
   * The same database with its statements taken before the others' where they share one
   * connection (embedded PGlite: the API's reads go ahead of ingestion's work); absent where
   * every caller has connections of its own.
   */
  readonly foreground?: Database;
  /**
   * Set when the database was made just now as a copy of the build's template with today's
   * migrations applied (embedded PGlite, ./pglite-template.ts): migrating it would apply none.
   */
  readonly migrated?: true;
  close(): Promise<void>;
}
