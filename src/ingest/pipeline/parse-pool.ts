import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import type { ParserRegistry } from '#ingest/formats/parser-registry';
import type { HoldingsSnapshot } from './company-directory.ts';
import type { ParseTask } from './parse-task.ts';
import { type PreparedOutcome, prepareOutcome, rejection } from './prepare-document.ts';
import type { RawDocument } from './raw-documents.ts';
import { removeOrphanedSpills, type SpillTo } from './spilled-events.ts';
import { UNKNOWN_FORMAT } from './receive-document.ts';
import { execArgvFor } from '#platform/process';

export interface ParsePoolOptions {
  /** Parse threads at most; idle ones end after a while, so an idle service holds none. */
  readonly threads: number;
  /** The parsers the threads run, for naming a rejection when a thread dies (the threads load every parser of the service). */
  readonly parsers: ParserRegistry;
  /** The heap one thread may grow to: a document that needs more ends its thread, not the process. */
  readonly maxHeapMb?: number;
  /** The thread's module; parse-worker beside this file unless given (tests give their own). */
  readonly workerFile?: string;
}

/** Parses documents in worker threads, off the event loop of the process that writes them. */
export interface ParsePool {
  prepare(document: RawDocument, detected: string | undefined, holdings: HoldingsSnapshot, spill?: SpillTo): Promise<PreparedOutcome>;
  close(): Promise<void>;
}

const here = fileURLToPath(import.meta.url);
/**
 * The thread's module has this module's own extension: `.ts` when the service runs its
 * sources through tsx, `.js` when it runs compiled JavaScript laid out the same way.
 */
const WORKER_FILE = path.join(path.dirname(here), `parse-worker${path.extname(here)}`);

/** The heap of a parse thread unless the pool is given another (ParsePoolOptions.maxHeapMb). */
export const PARSE_THREAD_HEAP_MB = 1_536;

const isOutOfMemory = (error: unknown) => (error as { code?: unknown } | null)?.code === 'ERR_WORKER_OUT_OF_MEMORY';

/** A thread that ended mid-task (out of memory, a native crash, an exit), as opposed to a parse that threw. */
const isThreadDeath = (error: unknown) =>
  error instanceof Error && (error.message.startsWith('worker exited with code') || isOutOfMemory(error));

/**
 * Why a document whose parse ended its thread is rejected. Out of memory, the document needs
 * more than a thread's heap: parsing it again under the same limit would end the same way, so
 * it is rejected once, with the limit, never retried (`npm run reparse` tries it again).
 */
const threadDeathReason = (error: Error, heapMb: number) =>
  isOutOfMemory(error)
    ? `the parse thread ended while parsing it (out of memory: the document needs more than the thread's heap of ${heapMb} MB; ${error.message})`
    : `the parse thread ended while parsing it (${error.message})`;

/**
 * The pool: piscina, its threads started on demand up to `threads`, each task one document.
 * The queue needs no bound of its own: the ingestion workers hand over one batch each at a
 * time (INGEST_WORKERS x 10 documents at most); `maxQueue` only guards against a caller
 * that would not. A thread that dies mid-parse takes only its document with it: the
 * document is rejected with the reason (it stays stored, `npm run reparse` can parse it
 * again) and piscina starts another thread.
 */
export function createParsePool(options: ParsePoolOptions): ParsePool {
  // What a process killed mid-batch left of its spilled parses (no one else's: theirs are alive).
  removeOrphanedSpills().catch(() => undefined);
  const workerFile = options.workerFile ?? WORKER_FILE;
  const heapMb = options.maxHeapMb ?? PARSE_THREAD_HEAP_MB;
  const pool = new Piscina<ParseTask, PreparedOutcome>({
    filename: workerFile,
    minThreads: 0,
    maxThreads: Math.max(1, options.threads),
    idleTimeout: 10_000,
    maxQueue: 1_000,
    execArgv: execArgvFor(workerFile),
    resourceLimits: { maxOldGenerationSizeMb: heapMb },
  });
  let shared: { generation: number; buffer: SharedArrayBuffer } | undefined;
  const holdingsOf = (snapshot: HoldingsSnapshot) => {
    if (shared?.generation !== snapshot.generation) {
      const bytes = new TextEncoder().encode(snapshot.json);
      const buffer = new SharedArrayBuffer(bytes.byteLength);
      new Uint8Array(buffer).set(bytes);
      shared = { generation: snapshot.generation, buffer };
    }
    return shared;
  };
  return {
    async prepare(document, detected, snapshot, spill) {
      try {
        return await pool.run({ document, detected, holdings: holdingsOf(snapshot), spill });
      } catch (error) {
        if (!isThreadDeath(error)) throw error;
        const parser = options.parsers.byFormat(document.format);
        const reason = threadDeathReason(error as Error, heapMb);
        return prepareOutcome(document, [], rejection(document, parser?.format ?? UNKNOWN_FORMAT, parser?.version ?? 1, reason, []));
      }
    },
    close: () => pool.close(),
  };
}
