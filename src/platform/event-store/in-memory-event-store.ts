import type { EventMetadata } from '#schemas/events';
import { ConcurrencyError, EventIdConflictError } from '#platform/errors';
import { type PreparedEvent, prepareEvents } from './append-to-stream.ts';
import type { EventRegistry } from './event-registry.ts';
import {
  type AnyEvent,
  type AppendResult,
  type Checkpoint,
  checkpointOf,
  type EventStore,
  type ExpectedVersion,
  type NewEvent,
  type ReadAllOptions,
  type ReadAllResult,
  type ReadProgress,
  type ReadProgressOptions,
  type ReadStreamOptions,
  type ReadStreamResult,
  START,
  type StoredEvent,
} from './event-store.ts';
import { createWakeUps } from './wake-ups.ts';

/** An event as this store keeps it: payload and metadata as JSON text, as a database would hold them. */
interface Stored {
  readonly id: string;
  readonly streamId: string;
  readonly streamVersion: number;
  readonly position: number;
  readonly type: string;
  readonly schemaVersion: number;
  readonly data: string;
  readonly metadata: string;
  readonly recordedAt: string;
}

/** An event as an earlier release stored it, for `appendAsStored`. */
export interface EventAsStored {
  readonly id: string;
  readonly type: string;
  readonly schemaVersion: number;
  readonly data: unknown;
  readonly metadata: EventMetadata;
  /** When it was recorded; now when absent. */
  readonly recordedAt?: string;
}

const TOKEN = /^mem:(\d{1,15})$/;

export function encodeMemoryCheckpoint(position: number): Checkpoint {
  return position === 0 ? START : checkpointOf(`mem:${position}`);
}

export function decodeMemoryCheckpoint(token: Checkpoint): number {
  if (token === START) return 0;
  const [, position] = TOKEN.exec(token) ?? [];
  if (position === undefined) throw new Error(`checkpoint ${JSON.stringify(token)} was not written by the in-memory event store`);
  return Number(position);
}

/** `fn`'s result as a promise, a throw included: the port's callers expect rejections, not throws. */
const answer = <T>(fn: () => T): Promise<T> => new Promise<T>((resolve) => resolve(fn()));

const matchesExpected = (expected: ExpectedVersion, current: number) =>
  expected === 'any' || (expected === 'stream_exists' ? current > 0 : current === expected);

/**
 * The whole event-store port in one process's memory: for projection logic tested without a
 * database, and the proof that the port says nothing about PostgreSQL. Appends are
 * synchronous once validated, so each is atomic and positions are dense and in commit order:
 * a reader can never skip an event, and every event is settled as soon as it is appended.
 * Payloads are kept as the JSON text the PostgreSQL store would write (U+0000 included) and
 * parsed again on every read, so a reader can never change what is stored.
 */
export class InMemoryEventStore<E extends AnyEvent = AnyEvent> implements EventStore<E> {
  readonly #registry: EventRegistry;
  readonly #now: () => Date;
  readonly #events: Stored[] = [];
  readonly #streams = new Map<string, number>();
  readonly #streamOf = new Map<string, string>();
  readonly #wakeUps = createWakeUps();

  constructor(registry: EventRegistry, options: { now?: () => Date } = {}) {
    this.#registry = registry;
    this.#now = options.now ?? (() => new Date());
  }

  appendToStream(
    streamId: string,
    events: readonly NewEvent<E>[],
    options: { expectedVersion?: ExpectedVersion } = {},
  ): Promise<AppendResult> {
    return answer(() => this.#append(streamId, prepareEvents(this.#registry, events), options.expectedVersion ?? 'any'));
  }

  /**
   * Stores events exactly as given, schema version included, unvalidated: events as an
   * earlier release stored them, so that reading them exercises the upcasters.
   */
  appendAsStored(streamId: string, events: readonly EventAsStored[]): void {
    this.#commit(
      streamId,
      events.map((event) => ({
        id: event.id,
        type: event.type,
        schemaVersion: event.schemaVersion,
        data: JSON.stringify(event.data),
        metadata: JSON.stringify(event.metadata),
        knownAt: event.metadata.knownAt,
        recordedAt: event.recordedAt,
      })),
    );
  }

  #append(streamId: string, prepared: readonly PreparedEvent[], expected: ExpectedVersion): AppendResult {
    const fresh = prepared.filter((event) => {
      const existing = this.#streamOf.get(event.id);
      if (existing !== undefined && existing !== streamId) throw new EventIdConflictError(event.id, streamId, existing);
      return existing === undefined;
    });
    const current = this.#streams.get(streamId) ?? 0;
    // Re-appending events already stored is a no-op whatever the expected version: re-ingesting a document must not fail.
    if (fresh.length === 0) return { nextExpectedVersion: current, positions: [] };
    if (!matchesExpected(expected, current)) throw new ConcurrencyError(streamId, expected, current);
    const positions = this.#commit(streamId, fresh);
    return { nextExpectedVersion: current + fresh.length, positions };
  }

  #commit(streamId: string, events: readonly (PreparedEvent & { recordedAt?: string | undefined })[]): number[] {
    const now = this.#now().toISOString();
    let version = this.#streams.get(streamId) ?? 0;
    const positions = events.map((event) => {
      const position = this.#events.length + 1;
      version += 1;
      const { id, type, schemaVersion, data, metadata } = event;
      this.#events.push({
        id,
        type,
        schemaVersion,
        data,
        metadata,
        streamId,
        streamVersion: version,
        position,
        recordedAt: event.recordedAt ?? now,
      });
      this.#streamOf.set(event.id, streamId);
      return position;
    });
    this.#streams.set(streamId, version);
    this.#wakeUps.notify();
    return positions;
  }

  #toEvent(stored: Stored): StoredEvent<E> {
    return {
      id: stored.id,
      type: stored.type,
      data: this.#registry.upcast(stored.type, stored.schemaVersion, JSON.parse(stored.data)),
      schemaVersion: this.#registry.schemaVersion(stored.type) ?? stored.schemaVersion,
      streamId: stored.streamId,
      streamVersion: stored.streamVersion,
      position: stored.position,
      metadata: { ...(JSON.parse(stored.metadata) as EventMetadata), recordedAt: stored.recordedAt },
    } as unknown as StoredEvent<E>;
  }

  readStream(streamId: string, options: ReadStreamOptions = {}): Promise<ReadStreamResult<E>> {
    return answer(() => {
      const currentVersion = this.#streams.get(streamId) ?? 0;
      const from = options.fromVersion ?? 1;
      const events = this.#events.filter((event) => event.streamId === streamId && event.streamVersion >= from);
      return { events: events.slice(0, options.limit).map((event) => this.#toEvent(event)), currentVersion };
    });
  }

  /**
   * Events after the checkpoint in append order. Once fewer than `limit` are found, the
   * checkpoint moves to the head, past events of other types; with nothing new it stays the
   * token it was, so an idle reader writes nothing.
   */
  readAll(options: ReadAllOptions): Promise<ReadAllResult<E>> {
    return answer(() => this.#readAll(options));
  }

  #readAll(options: ReadAllOptions): ReadAllResult<E> {
    const token = options.after ?? START;
    const after = decodeMemoryCheckpoint(token);
    const types = options.types ? new Set<string>(options.types) : undefined;
    const page: Stored[] = [];
    for (let i = after; i < this.#events.length && page.length < options.limit; i++) {
      const event = this.#events[i] as Stored;
      if (!types || types.has(event.type)) page.push(event);
    }
    const caughtUp = page.length < options.limit;
    const next = caughtUp ? this.#events.length : (page.at(-1)?.position ?? after);
    const events = page.map((event) => this.#toEvent(event));
    return { events, next: next === after ? token : encodeMemoryCheckpoint(next), caughtUp };
  }

  readProgress(options: ReadProgressOptions): Promise<ReadProgress> {
    return answer(() => {
      const types = new Set<string>(options.types);
      const limit = options.countLimit ?? Infinity;
      let behind = 0;
      for (let i = decodeMemoryCheckpoint(options.after); i < this.#events.length && behind < limit; i++) {
        if (types.has((this.#events[i] as Stored).type)) behind += 1;
      }
      return { headPosition: this.#events.length, behind };
    });
  }

  waitForEvents(options: { timeoutMs: number; signal?: AbortSignal }): Promise<void> {
    return this.#wakeUps.wait(options);
  }

  close(): Promise<void> {
    this.#wakeUps.close();
    return Promise.resolve();
  }
}
