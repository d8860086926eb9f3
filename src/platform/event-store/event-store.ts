import type { EventMetadata, RecordedEventMetadata } from '#schemas/events';
import type { SqlExecutor } from '#platform/db';

/** Any event: a type tag and its payload. Domain events narrow this. */
export interface AnyEvent {
  readonly type: string;
  readonly data: unknown;
}

/**
 * An event to append. `id` must be deterministic for ingested content (see
 * `deterministicEventId`), so appending the same item twice appends it once.
 */
export type NewEvent<E extends AnyEvent = AnyEvent> = E & {
  readonly id: string;
  readonly metadata: EventMetadata;
};

/** An event as read back: payload upcast to the current schema version. */
export type StoredEvent<E extends AnyEvent = AnyEvent> = E & {
  readonly id: string;
  readonly streamId: string;
  readonly streamVersion: number;
  /**
   * Where the event sits in the store's global order, for people reading it: increasing in
   * append order, but a reader resumes from a `Checkpoint`, never from a position.
   */
  readonly position: number;
  /** The schema version after upcasting, i.e. the current one. */
  readonly schemaVersion: number;
  readonly metadata: RecordedEventMetadata;
};

/**
 * The stream version an append expects: a number (0 = the stream does not exist yet),
 * `any`, or `stream_exists`.
 */
export type ExpectedVersion = number | 'any' | 'stream_exists';
export const NO_STREAM = 0;

export interface AppendResult {
  /** The stream's version after the append; pass it as the next expected version. */
  readonly nextExpectedVersion: number;
  /** Global positions of the events appended now; already-stored events are skipped. */
  readonly positions: readonly number[];
}

declare const checkpointBrand: unique symbol;

/**
 * A reader's place in the store's global order: a token that only the adapter that minted
 * it reads. Everything else (projections, the projector, /health) stores it as text and
 * compares tokens for equality only, so how an adapter orders its events (the PostgreSQL
 * store's commit order, KurrentDB's log positions) never leaks past the port.
 */
export type Checkpoint = string & { readonly [checkpointBrand]: true };

/** Before the first event: the one token every adapter understands. */
export const START = 'start' as Checkpoint;

/** A token as it was stored (es_checkpoints.checkpoint); the adapter checks it when it reads from it. */
export const checkpointOf = (token: string): Checkpoint => token as Checkpoint;

export interface ReadAllOptions {
  readonly after?: Checkpoint;
  readonly limit: number;
  /** Only these event types; the checkpoint still moves past the others. */
  readonly types?: readonly string[];
  /**
   * Reads in this open transaction instead of on a connection of the store's own: a rebuild
   * reads its last events inside the transaction that swaps its tables in (on PGlite, the one
   * connection is held by that transaction). Only a store whose events live in that database
   * uses it; the others read as usual.
   */
  readonly within?: SqlExecutor;
}

export interface ReadAllResult<E extends AnyEvent = AnyEvent> {
  readonly events: StoredEvent<E>[];
  /** Where to continue from: past the last event, or past every event now settled. */
  readonly next: Checkpoint;
  /** No further settled event exists after `next` (fewer than `limit` were found). */
  readonly caughtUp: boolean;
}

/** How far a reader is behind the store's head. */
export interface ReadProgress {
  /** The global position of the newest event stored, 0 when there is none. */
  readonly headPosition: number;
  /** Events of the given types after the checkpoint, counted up to the limit asked for. */
  readonly behind: number;
}

export interface ReadProgressOptions {
  readonly after: Checkpoint;
  readonly types: readonly string[];
  /** Stop counting here: a far-behind reader then reads as this far behind. Unbounded when absent. */
  readonly countLimit?: number | undefined;
}

export interface ReadStreamOptions {
  /** First stream version to return, default 1. */
  readonly fromVersion?: number;
  readonly limit?: number;
}

export interface ReadStreamResult<E extends AnyEvent = AnyEvent> {
  readonly events: StoredEvent<E>[];
  /** 0 when the stream does not exist. */
  readonly currentVersion: number;
}

/** The event store port. Events are immutable and only ever appended. */
export interface EventStore<E extends AnyEvent = AnyEvent> {
  appendToStream(streamId: string, events: readonly NewEvent<E>[], options?: { expectedVersion?: ExpectedVersion }): Promise<AppendResult>;
  readStream(streamId: string, options?: ReadStreamOptions): Promise<ReadStreamResult<E>>;
  readAll(options: ReadAllOptions): Promise<ReadAllResult<E>>;
  /**
   * Resolves when new events may have been appended, or after `timeoutMs`, or on abort.
   * A wake-up is a hint to read again, never a promise that something new is readable.
   */
  waitForEvents(options: { timeoutMs: number; signal?: AbortSignal }): Promise<void>;
  /** Where the head is and how many events of some types lie after a checkpoint (projection status, /health). */
  readProgress(options: ReadProgressOptions): Promise<ReadProgress>;
  /** Releases what the store holds (listener connections, clients); the database it was given stays open. */
  close(): Promise<void>;
}
