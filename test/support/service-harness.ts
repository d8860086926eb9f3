import type { DomainEvent } from '#schemas/events/catalogue';
import { streamFor } from '#schemas/events/streams';
import { PROJECTIONS } from '#projections';
import { createDomainEventStore, domainEventRegistry } from '#platform/event-store/domain-event-store';
import type { EventStore, NewEvent } from '#platform/event-store/event-store';
import { InMemoryEventStore } from '#platform/event-store/in-memory-event-store';
import { catchUp } from '#platform/projector/catch-up';
import type { OpenedTestDatabase, TestDatabase } from './databases.ts';
import { settled } from './settled.ts';

export interface Harness {
  readonly db: OpenedTestDatabase;
  /** Whether the database started as a copy of the run's sample template. */
  readonly sampled: boolean;
  readonly store: EventStore<DomainEvent>;
  /** Appends each event to its natural stream, in the order given. */
  append(...events: NewEvent<DomainEvent>[]): Promise<void>;
  /** Waits until every appended event is visible to the projector, then runs every projection until caught up. */
  project(options?: { batchSize?: number }): Promise<void>;
  close(): Promise<void>;
}

/** A harness on a fresh database: empty, or holding the bundled sample when `sample` is set and the run has its template. */
export async function openHarness(database: TestDatabase, options: { sample?: boolean } = {}): Promise<Harness> {
  const sample = options.sample ? await database.openSample() : undefined;
  const db = sample ?? (await database.open());
  const store = database.eventStore === 'in-memory' ? new InMemoryEventStore<DomainEvent>(domainEventRegistry) : createDomainEventStore(db);
  return {
    db,
    sampled: sample !== undefined,
    store,
    async append(...events) {
      for (const event of events) await store.appendToStream(streamFor(event), [event]);
    },
    async project(options = {}) {
      await settled(db);
      await catchUp(db, store, PROJECTIONS, options);
    },
    async close() {
      await store.close();
      await db.close();
    },
  };
}
