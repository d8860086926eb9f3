import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { execArgvFor } from '#platform/process';
import type { Database, QueryResult, SqlExecutor } from '#platform/db';
import type { ThreadError, ThreadReply, ThreadRequest, ThreadStart } from './protocol.ts';
import { createTurns, type Lane } from './turns.ts';

const here = fileURLToPath(import.meta.url);
/** The thread's module, with this module's own extension (`.ts` through tsx, `.js` compiled). */
const THREAD_FILE = path.join(path.dirname(here), `thread${path.extname(here)}`);
/** Loads THREAD_FILE in the thread (see there why not directly). */
const ENTRY_FILE = path.join(path.dirname(here), 'entry.mjs');

export interface PgliteThreadOptions {
  readonly sharedBuffers?: string | undefined;
  readonly templateDir?: string | undefined;
}

/** Embedded PGlite in a thread of its own; `foreground` is the same database with its turns taken first. */
export interface PgliteThreadDatabase extends Database {
  readonly foreground: Database;
}

/** The engine's error, raised again in this thread with the fields callers read (`code`, `constraint`). */
function raised(error: ThreadError): Error {
  return Object.assign(new Error(error.message), error.fields);
}

/**
 * Opens embedded PGlite in a worker thread: `dataDir` on disk, or in memory when omitted.
 * Every statement is sent to the thread and run there, so the engine never holds this
 * thread's event loop, and reads are taken before ingestion's statements (./turns.ts).
 *
 * A transaction holds the connection's turn from `begin` to `commit`: statements of other
 * callers wait for it, as on PGlite's own one connection, and a failed statement or callback
 * rolls it back before the error reaches the caller. If the thread ends (a crash of the
 * engine), every statement waiting or sent later fails with the reason.
 */
export async function openPgliteThread(dataDir?: string, options: PgliteThreadOptions = {}): Promise<PgliteThreadDatabase> {
  const start: ThreadStart = { dataDir, sharedBuffers: options.sharedBuffers, templateDir: options.templateDir };
  const worker = new Worker(ENTRY_FILE, { argv: [THREAD_FILE], workerData: start, execArgv: execArgvFor(THREAD_FILE) });
  const pending = new Map<number, { resolve: (result: QueryResult<object>) => void; reject: (error: Error) => void }>();
  let ended: Error | undefined;
  let lastId = 0;

  let migrated = false;
  const ready = new Promise<void>((resolve, reject) => {
    worker.on('message', (message: ThreadReply) => {
      if ('ready' in message) {
        migrated = message.migrated;
        return resolve();
      }
      if ('failed' in message) return reject(raised(message.failed));
      const call = pending.get(message.id);
      pending.delete(message.id);
      if ('error' in message) call?.reject(raised(message.error));
      else call?.resolve({ rows: [...message.rows], rowCount: message.rowCount });
    });
    const end = (error: Error) => {
      ended ??= error;
      reject(error);
      for (const call of pending.values()) call.reject(error);
      pending.clear();
    };
    worker.on('error', (error) => end(new Error(`the embedded database's thread failed: ${error.message}`, { cause: error })));
    worker.on('exit', (code) => end(new Error(`the embedded database's thread ended (exit code ${code})`)));
  });

  const send = <R extends object>(request: Omit<Extract<ThreadRequest, { text: string }>, 'id'> | { close: true }) =>
    new Promise<QueryResult<R>>((resolve, reject) => {
      if (ended) return reject(ended);
      const id = ++lastId;
      pending.set(id, { resolve: resolve as (result: QueryResult<object>) => void, reject });
      worker.postMessage({ id, ...request } satisfies ThreadRequest);
    });
  const statement = <R extends object>(text: string, params: readonly unknown[] = []) => send<R>({ text, params });

  try {
    await ready;
  } catch (error) {
    await worker.terminate();
    throw error;
  }

  const turns = createTurns();
  // Inside a transaction the turn is already held: statements go straight to the thread.
  const inTransaction: SqlExecutor = {
    query: statement,
    transaction: (fn) => fn(inTransaction),
  };
  const lane = (name: Lane): Database => ({
    kind: 'pglite',
    async query<R extends object>(text: string, params?: readonly unknown[]) {
      const done = await turns.take(name);
      try {
        return await statement<R>(text, params);
      } finally {
        done();
      }
    },
    async transaction(fn) {
      const done = await turns.take(name);
      try {
        await statement('begin');
        try {
          const result = await fn(inTransaction);
          await statement('commit');
          return result;
        } catch (error) {
          await statement('rollback').catch(() => undefined);
          throw error;
        }
      } finally {
        done();
      }
    },
    close: async () => {
      const done = await turns.take('background');
      try {
        if (!ended) await send({ close: true });
      } finally {
        done();
        await worker.terminate();
      }
    },
  });
  return { ...lane('background'), ...(migrated ? { migrated: true as const } : {}), foreground: lane('foreground') };
}
