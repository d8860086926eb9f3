import { PGlite, type Transaction } from '@electric-sql/pglite';
import { type Database, type QueryResult, type SqlExecutor, TYPE_PARSERS } from '#platform/db';
import { copyPgliteTemplate, isNewDataDir, PGLITE_EXTENSIONS, usablePgliteTemplate } from './pglite-template.ts';

/**
 * The embedded engine runs on this thread and its promises settle as microtasks, so a loop of
 * statements (ingesting, projecting) would hold the event loop until it ended: no HTTP request
 * is read meanwhile. Every statement first gives way to the event loop (setImmediate) once
 * SLICE_MS have passed since it last did, so requests are taken between statements and
 * between transactions. A request arriving inside a transaction waits for it: PGlite is one
 * connection.
 */
const SLICE_MS = 20;

function eventLoopSlices(): () => Promise<void> {
  let sliceStart = performance.now();
  return async () => {
    if (performance.now() - sliceStart < SLICE_MS) return;
    await new Promise((resolve) => setImmediate(resolve));
    sliceStart = performance.now();
  };
}

const noWait = () => Promise.resolve();

function executorFor(conn: PGlite | Transaction, giveWay: () => Promise<void>): SqlExecutor {
  return {
    async query<R extends object>(text: string, params: readonly unknown[] = []) {
      await giveWay();
      // Without parameters, use the simple protocol as `pg` does, so a migration file with
      // several statements runs the same on both adapters; the last result is returned.
      const result = params.length === 0 ? (await conn.exec(text)).at(-1) : await conn.query<R>(text, params as unknown[]);
      return {
        rows: (result?.rows ?? []) as R[],
        rowCount: result?.affectedRows ?? result?.rows.length ?? 0,
      } satisfies QueryResult<R>;
    },
    // A nested transaction joins the open one: PGlite has a single connection.
    transaction: (fn) => fn(executorFor(conn, giveWay)),
  };
}

/** The executor over an engine opened elsewhere (the build's template, ./pglite-template.ts): its transactions are PGlite's. */
export function pgliteExecutor(pg: PGlite): SqlExecutor {
  const base = executorFor(pg, noWait);
  return { query: (text, params) => base.query(text, params), transaction: (fn) => pg.transaction((tx) => fn(executorFor(tx, noWait))) };
}

export interface PgliteOptions {
  /** PostgreSQL's buffer cache inside the engine's memory, in PostgreSQL's units (`16MB`). */
  readonly sharedBuffers?: string | undefined;
  /** Where the empty cluster a new folder is copied from is looked for (./pglite-template.ts); dist/ by default. */
  readonly templateDir?: string | undefined;
  /**
   * Whether statements give way to the event loop every SLICE_MS (the default). A thread that
   * runs nothing but the engine (./pglite-thread) has no other work to let in.
   */
  readonly slices?: boolean | undefined;
}

/**
 * The buffer cache of the embedded engine. PGlite's own default (128MB) is most of a process's
 * memory, and it buys little here, as the engine's files are read through the operating system's
 * page cache either way: the whole real corpus ingested, and read back, as fast with 8MB as with
 * 16MB or 128MB (docs/database.md, "Memory"). `max_connections=8`: PGlite is one connection,
 * and each allowed connection reserves shared memory.
 */
export const DEFAULT_PGLITE_SHARED_BUFFERS = '8MB';

/**
 * Opens an embedded PGlite database: `dataDir` on disk, or in memory when omitted.
 *
 * PGlite is one connection inside this process. Its `query` and `transaction` take the
 * same lock, so statements from concurrent callers never interleave with an open
 * transaction; writes run one at a time. A failed statement inside `transaction` rolls the
 * whole transaction back before the error reaches the caller.
 */
export async function openPglite(dataDir?: string, options: PgliteOptions = {}): Promise<Database> {
  // A new folder starts as a copy of the empty cluster the build made (./pglite-template.ts).
  const template = dataDir !== undefined && isNewDataDir(dataDir) ? await usablePgliteTemplate(options.templateDir) : undefined;
  if (dataDir !== undefined && template !== undefined) copyPgliteTemplate(template.dir, dataDir);
  const pg = await PGlite.create({
    ...(dataDir === undefined ? {} : { dataDir }),
    parsers: TYPE_PARSERS,
    extensions: PGLITE_EXTENSIONS,
    // Start-up settings rather than `postgresqlconf`, which would replace the folder's own
    // postgresql.conf (its locale, time zone and text-search settings from initdb).
    startParams: [
      ...PGlite.defaultStartParams,
      ...['-c', `shared_buffers=${options.sharedBuffers ?? DEFAULT_PGLITE_SHARED_BUFFERS}`, '-c', 'max_connections=8'],
    ],
  });
  await pg.exec(`set time zone 'UTC'`);
  const giveWay = options.slices === false ? noWait : eventLoopSlices();
  const base = executorFor(pg, giveWay);
  return {
    kind: 'pglite',
    ...(template?.migrated ? { migrated: true as const } : {}),
    query: (text, params) => base.query(text, params),
    transaction: async (fn) => {
      await giveWay();
      // Not inside: other work taken meanwhile would hold the transaction, and so the lock, open.
      return pg.transaction((tx) => fn(executorFor(tx, noWait)));
    },
    close: () => pg.close(),
  };
}
