import { LRUCache } from 'lru-cache';
import { type Database, keepListening } from '#platform/db';
import { onProjectionChange, PROJECTIONS_CHANNEL } from '#platform/projector';
import type { EnvelopeJson } from './envelope-json.ts';

/** Which projection state an answer was read in: taken before reading, checked before remembering. */
export type CachePosition = number & { readonly __brand: 'CachePosition' };

export interface ResponseCache {
  /** The answer remembered for `key` at the current projection position. */
  get(key: string): EnvelopeJson | undefined;
  /** The position to read at, or undefined when this process cannot tell whether it moves (nothing is remembered then). */
  position(): CachePosition | undefined;
  /** Remembers `answer` for `key` if the position is still the one it was read at. */
  remember(key: string, at: CachePosition | undefined, answer: EnvelopeJson): void;
  close(): Promise<void>;
}

export interface ResponseCacheOptions {
  /** The most the remembered answers may hold, counted as their JSON's UTF-16 bytes. */
  readonly maxBytes: number;
  /** Told when listening fails; answers are then read from the database until it listens again. */
  readonly onError?: (error: unknown) => void;
  /**
   * Called whenever the position moves: what else the answers are built from (the company
   * resolver's memory) must be forgotten with them, or an answer read after the move could
   * be built from it and remembered.
   */
  readonly onMove?: () => void;
  /**
   * Called with whether the cache hears every move (true) or may miss one (false, until it
   * listens again): at once, and whenever that changes.
   */
  readonly onListening?: (listening: boolean) => void;
}

// Keys and bodies are held as JavaScript strings, two bytes a code unit; plus the entry itself.
const ENTRY_OVERHEAD_BYTES = 200;
const sizeOf = (answer: EnvelopeJson, key: string) => 2 * (answer.data.length + answer.meta.length + key.length) + ENTRY_OVERHEAD_BYTES;

/**
 * Remembers answers of projection reads until any projection's checkpoint moves. A
 * point-in-time answer is a function of the request and of the read tables, and those
 * change only in a transaction that moves a checkpoint: advanceCheckpoint notifies
 * PROJECTIONS_CHANNEL in that transaction, which every process on the server hears on
 * commit, and the projector announces each commit to its own process (PGlite, npm start).
 * Either clears every answer. An answer read while the position moved is not remembered,
 * and a process whose listening connection is down remembers nothing until it listens again.
 */
export function createResponseCache(db: Database, options: ResponseCacheOptions): ResponseCache {
  const answers = new LRUCache<string, EnvelopeJson>({ maxSize: options.maxBytes, sizeCalculation: sizeOf });
  let at = 0;
  let listening = db.listen === undefined;
  const moved = () => {
    at++;
    answers.clear();
    options.onMove?.();
  };
  const stopListening = keepListening(db, PROJECTIONS_CHANNEL, {
    onNotify: moved,
    onListening: (now) => {
      moved();
      listening = now;
      options.onListening?.(now);
    },
    onError: options.onError ?? (() => undefined),
  });
  const stopHearing = onProjectionChange(moved);
  options.onListening?.(listening);
  return {
    get: (key) => (listening ? answers.get(key) : undefined),
    position: () => (listening ? (at as CachePosition) : undefined),
    remember(key, readAt, answer) {
      if (listening && readAt === at) answers.set(key, answer);
    },
    async close() {
      stopHearing();
      moved();
      listening = false;
      await stopListening();
    },
  };
}
