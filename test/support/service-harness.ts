import type { DomainEvent } from '../../schemas/events/catalogue.ts';
import { streamFor } from '../../schemas/events/streams.ts';
import { PROJECTIONS } from '../../projections/index.ts';
import { createDomainEventStore } from '../../src/event-store/domain-event-store.ts';
import type { NewEvent } from '../../src/event-store/event-store.ts';
import type { PostgresEventStore } from '../../src/event-store/postgres-event-store.ts';
import { catchUp } from '../../src/projector/catch-up.ts';
import type { OpenedTestDatabase, TestDatabase } from './databases.ts';

export interface Harness {
  readonly db: OpenedTestDatabase;
  readonly store: PostgresEventStore<DomainEvent>;
  /** Appends each event to its natural stream, in the order given. */
  append(...events: NewEvent<DomainEvent>[]): Promise<void>;
  /** Runs every projection until caught up. */
  project(options?: { batchSize?: number }): Promise<void>;
  close(): Promise<void>;
}


export async function openHarness(database: TestDatabase): Promise<Harness> {
  const db = await database.open();
  const store = createDomainEventStore(db);
  return {
    db,
    store,
    async append(...events) {
      for (const event of events) await store.appendToStream(streamFor(event), [event]);
    },
    async project(options = {}) {
      await catchUp(db, store, PROJECTIONS, options);
    },
    async close() {
      await store.close();
      await db.close();
    },
  };
}
