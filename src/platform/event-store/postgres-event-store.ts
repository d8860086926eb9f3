import { type Database, isUniqueViolation } from '#platform/db';
import { appendPrepared, prepareEvents } from './append-to-stream.ts';
import type { EventRegistry } from './event-registry.ts';
import type { AnyEvent, EventStore, ExpectedVersion, NewEvent } from './event-store.ts';
import { EventWaiter } from './event-waiter.ts';
import { readAll } from './read-all.ts';
import { readProgress } from './read-progress.ts';
import { readStream } from './read-stream.ts';

/**
 * The event store on PostgreSQL, for both PGlite and a server. It holds a listener
 * connection for `waitForEvents`, hence a class with `close`.
 */
export class PostgresEventStore<E extends AnyEvent = AnyEvent> implements EventStore<E> {
  readonly #db: Database;
  readonly #registry: EventRegistry;
  readonly #waiter: EventWaiter;

  constructor(db: Database, registry: EventRegistry) {
    this.#db = db;
    this.#registry = registry;
    this.#waiter = new EventWaiter(db);
  }

  async appendToStream(streamId: string, events: readonly NewEvent<E>[], options: { expectedVersion?: ExpectedVersion } = {}) {
    const prepared = prepareEvents(this.#registry, events);
    const append = () => this.#db.transaction((tx) => appendPrepared(tx, streamId, prepared, options.expectedVersion ?? 'any'));
    try {
      return await append();
    } catch (error) {
      // Two writers appended the same new events at once and this one lost the race on the
      // event id. Retrying sees them stored and returns without appending.
      if (isUniqueViolation(error, 'es_events_event_id_uq')) return append();
      throw error;
    }
  }

  readStream(streamId: string, options?: Parameters<EventStore<E>['readStream']>[1]) {
    return readStream<E>(this.#db, this.#registry, streamId, options);
  }

  readAll(options: Parameters<EventStore<E>['readAll']>[0]) {
    return readAll<E>(options.within ?? this.#db, this.#registry, options);
  }

  waitForEvents(options: { timeoutMs: number; signal?: AbortSignal }) {
    return this.#waiter.wait(options);
  }

  readProgress(options: Parameters<EventStore<E>['readProgress']>[0]) {
    return readProgress(this.#db, options);
  }

  close(): Promise<void> {
    return this.#waiter.close();
  }
}
