/**
 * The module the embedded engine's thread runs (./client.ts): PGlite opened on the folder it
 * is given, and each statement the service sends run in the order it arrives. Nothing else
 * runs here, so the engine's WebAssembly never holds the service's event loop.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { Database } from '#platform/db';
import { openPglite } from '#platform/pglite';
import { threadErrorOf, type ThreadReply, type ThreadRequest, type ThreadStart } from './protocol.ts';

if (!parentPort) throw new Error('pglite-thread/thread.ts runs only as a worker thread');
const port = parentPort;
const start = workerData as ThreadStart;
const reply = (message: ThreadReply) => port.postMessage(message);

async function run(db: Database, request: ThreadRequest): Promise<void> {
  if ('close' in request) {
    await db.close();
    reply({ id: request.id, rows: [], rowCount: 0 });
    port.close();
    return;
  }
  try {
    const { rows, rowCount } = await db.query(request.text, request.params);
    reply({ id: request.id, rows, rowCount });
  } catch (error) {
    reply({ id: request.id, error: threadErrorOf(error) });
  }
}

async function serve(): Promise<void> {
  const db = await openPglite(start.dataDir, { sharedBuffers: start.sharedBuffers, templateDir: start.templateDir, slices: false });
  // One statement at a time, in the order sent: the client holds the connection's turns.
  let queue = Promise.resolve();
  port.on('message', (request: ThreadRequest) => {
    queue = queue.then(() => run(db, request));
  });
  reply({ ready: true, migrated: db.migrated === true });
}

// No top-level await: under tsx this module is loaded through `require` (./client.ts).
serve().catch((error: unknown) => reply({ failed: threadErrorOf(error) }));
