import pg from 'pg';
import { type Database, type QueryResult, type SqlExecutor, type TextRows, type Unlisten, TYPE_PARSERS } from '#platform/db';
import { type StatementNames, statementNames } from './statement-names.ts';

const types = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary'): unknown =>
    TYPE_PARSERS[oid] ?? (pg.types.getTypeParser(oid, format) as unknown)) as typeof pg.types.getTypeParser,
};

// Every value as the text PostgreSQL sent, for queryText.
const asText = (text: string) => text;
const TEXT = { getTypeParser: (() => asText) as typeof pg.types.getTypeParser };

// The texts read through queryText are the read routes' statements, a few shapes each.
const MAX_NAMED_READS = 64;

// PostgreSQL's refusal to run a prepared statement whose tables now give other column types
// ("cached plan must not change result type"), e.g. after a rebuild swapped a read table.
const isStaleStatement = (error: unknown) =>
  (error as { code?: string }).code === '0A000' && /cached plan must not change result type/.test((error as Error).message);

async function queryText(
  target: pg.Pool | pg.PoolClient,
  names: StatementNames,
  text: string,
  params: readonly unknown[],
): Promise<TextRows> {
  const read = (name: string | undefined) =>
    target.query<(string | null)[]>({
      text,
      values: params as unknown[],
      rowMode: 'array',
      types: TEXT,
      ...(name === undefined ? {} : { name }),
    });
  const name = names.nameOf(text);
  const result = await read(name).catch(async (error: unknown) => {
    // Connections keep a prepared statement as it was made: run the text unnamed from now on.
    if (name === undefined || !isStaleStatement(error)) throw error;
    names.retire(text);
    return read(undefined);
  });
  return { fields: result.fields.map((field) => ({ name: field.name, dataTypeId: field.dataTypeID })), rows: result.rows };
}

/**
 * Without parameters `pg` uses the simple protocol, which accepts several statements and
 * then returns one result per statement; like PGlite's adapter, keep the last.
 */
function lastResult<R extends object>(result: pg.QueryResult<R> | pg.QueryResult<R>[]): QueryResult<R> {
  const last = Array.isArray(result) ? result.at(-1) : result;
  return { rows: last?.rows ?? [], rowCount: last?.rowCount ?? 0 };
}

function clientExecutor(client: pg.PoolClient, names: StatementNames): SqlExecutor {
  return {
    query: async <R extends object>(text: string, params: readonly unknown[] = []) =>
      lastResult<R>(await client.query<R>(text, params as unknown[])),
    transaction: (fn) => fn(clientExecutor(client, names)),
    queryText: (text, params) => queryText(client, names, text, params),
  };
}

async function inTransaction<T>(pool: pg.Pool, names: StatementNames, fn: (tx: SqlExecutor) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('begin');
    const result = await fn(clientExecutor(client, names));
    await client.query('commit');
    return result;
  } catch (error) {
    // Roll back before rethrowing: the connection goes back to the pool, and an aborted
    // transaction left open would fail every later statement on it.
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

async function listenOn(
  pool: pg.Pool,
  channel: string,
  onNotify: (payload: string) => void,
  onLost?: (error: Error) => void,
): Promise<Unlisten> {
  // A dedicated connection: LISTEN belongs to a session, and pooled connections change hands.
  const client = await pool.connect();
  let released = false;
  const handler = (message: pg.Notification) => {
    if (message.channel === channel) onNotify(message.payload ?? '');
  };
  const release = (error?: Error) => {
    if (released) return false;
    released = true;
    client.off('notification', handler);
    client.off('error', lost);
    client.release(error);
    return true;
  };
  // A checked-out client has no error listener of the pool's: without this one, a dropped
  // connection would crash the process. The connection is discarded and the owner told.
  function lost(error: Error) {
    if (release(error)) onLost?.(error);
  }
  client.on('notification', handler);
  client.on('error', lost);
  try {
    await client.query(`listen ${pg.escapeIdentifier(channel)}`);
  } catch (error) {
    release(error as Error);
    throw error;
  }
  return async () => {
    if (released) return;
    await client.query(`unlisten ${pg.escapeIdentifier(channel)}`).catch(() => undefined);
    release();
  };
}

/**
 * Every connection's settings: times in UTC, and no JIT compilation. The service's statements
 * are index probes of milliseconds whose estimated costs can still pass `jit_above_cost` (a
 * lateral probe per key is costed as if it read 0.5% of a table): the companies derivation's
 * documents read took 4 ms to run and 33 ms to compile, 348 times over an ingest of the real
 * corpus (docs/database.md).
 */
const SETTINGS = '-c TimeZone=UTC -c jit=off';

function newPool(connectionString: string, max: number, settings: string): pg.Pool {
  const pool = new pg.Pool({ connectionString, max, types, options: settings, application_name: 'indian-market-data' });
  // An idle client that loses its connection emits 'error' on the pool; without a listener
  // that would crash the process. The next query gets a fresh connection.
  pool.on('error', () => undefined);
  return pool;
}

export interface PgPoolOptions {
  /** Connections in each of its pools; 10 when absent. */
  readonly max?: number;
  /**
   * Every statement's `statement_timeout` on these connections (milliseconds): the server
   * cancels a statement running longer (SQLSTATE 57014). None when absent. A transaction may
   * still `set local` another (withStatementTimeout).
   */
  readonly statementTimeoutMs?: number;
}

/**
 * Opens a pool of connections to a PostgreSQL server.
 *
 * `queryText` reads outside a transaction run on connections of their own (opened on the
 * first such read) whose prepared statements take the generic plan from their first run
 * (`plan_cache_mode`): those reads are the facts read's few statement shapes, each keyed on
 * a company, whose generic plan reads that company's range of an index (as-of-plan.int.spec.ts).
 * Left to choose, PostgreSQL keeps planning the one-fact read anew at every run, as
 * `limit $n` makes the generic plan look dearer than a custom plan for `limit 1`. Every other
 * statement keeps PostgreSQL's choice, on the main connections (ADR 16).
 */
export async function openPgPool(connectionString: string, options: PgPoolOptions = {}): Promise<Database> {
  const max = options.max ?? 10;
  const settings =
    options.statementTimeoutMs === undefined
      ? SETTINGS
      : `${SETTINGS} -c statement_timeout=${Math.max(1, Math.trunc(options.statementTimeoutMs))}`;
  const pool = newPool(connectionString, max, settings);
  const reads = newPool(connectionString, max, `${settings} -c plan_cache_mode=force_generic_plan`);
  await pool.query('select 1');
  const names = statementNames(MAX_NAMED_READS);
  return {
    kind: 'postgres',
    query: async <R extends object>(text: string, params: readonly unknown[] = []) =>
      lastResult<R>(await pool.query<R>(text, params as unknown[])),
    transaction: (fn) => inTransaction(pool, names, fn),
    queryText: (text, params) => queryText(reads, names, text, params),
    listen: (channel, onNotify, onLost) => listenOn(pool, channel, onNotify, onLost),
    close: async () => {
      await Promise.all([pool.end(), reads.end()]);
    },
  };
}
