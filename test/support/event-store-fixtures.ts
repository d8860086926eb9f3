import { afterAll, beforeAll } from 'vitest';
import type { Database } from '#platform/db/db';
import { buildEventRegistry } from '#platform/event-store/event-registry';
import type { EventStore } from '#platform/event-store/event-store';
import { type EventAsStored, InMemoryEventStore } from '#platform/event-store/in-memory-event-store';
import { type KurrentClient, KurrentEventStore } from '#platform/event-store/kurrentdb/kurrentdb-event-store';
import { PostgresEventStore } from '#platform/event-store/postgres-event-store';
import { pglite, type TestDatabase } from './databases.ts';
import { settled } from './settled.ts';
import { TEST_EVENTS, type TestEvent } from './test-events.ts';

/** One adapter of the event store, opened for a contract suite over the test catalogue. */
export interface EventStoreFixture {
  readonly store: EventStore<TestEvent>;
  /**
   * Resolves once every event appended so far can be read by readAll. The PostgreSQL store
   * reads below the oldest running transaction, and on a shared server another spec file's
   * transaction holds that back for a moment; other stores settle at once.
   */
  settle(): Promise<void>;
  /** Stores events as an earlier release wrote them (older schema versions), bypassing validation. */
  appendAsStored(streamId: string, events: readonly EventAsStored[]): Promise<void>;
  close(): Promise<void>;
}

/** A named way to open a fresh, empty store: what the contract suites loop over. */
export interface EventStoreTarget {
  readonly name: string;
  open(): Promise<EventStoreFixture>;
}

export const registry = buildEventRegistry(TEST_EVENTS);

export const inMemoryStore: EventStoreTarget = {
  name: 'in-memory',
  open() {
    const store = new InMemoryEventStore<TestEvent>(registry);
    return Promise.resolve({
      store,
      settle: () => Promise.resolve(),
      appendAsStored: (streamId, events) => Promise.resolve(store.appendAsStored(streamId, events)),
      close: () => store.close(),
    });
  },
};

/** Rows as an older release wrote them (recorded when each says, else now), by SQL: the PostgreSQL store has no other way in. */
export async function insertAsStored(db: Database, streamId: string, events: readonly EventAsStored[]): Promise<void> {
  await db.transaction(async (tx) => {
    const { rows } = await tx.query<{ stream_version: number }>(
      `insert into es_streams as s (stream_id, stream_version) values ($1, $2)
       on conflict (stream_id) do update set stream_version = s.stream_version + $2
       returning stream_version`,
      [streamId, events.length],
    );
    let version = (rows[0]?.stream_version ?? events.length) - events.length;
    for (const event of events) {
      version += 1;
      await tx.query(
        `insert into es_events (stream_id, stream_version, event_id, event_type, schema_version, data, metadata, known_at, recorded_at)
         values ($1, $2, $3, $4, $5, $6, $7, $8, coalesce($9::timestamptz, now()))`,
        [
          streamId,
          version,
          event.id,
          event.type,
          event.schemaVersion,
          JSON.stringify(event.data),
          JSON.stringify(event.metadata),
          event.metadata.knownAt,
          event.recordedAt ?? null,
        ],
      );
    }
  });
}

/** The PostgreSQL store on a fresh database of `database` (PGlite, or the server). */
export function postgresStore(database: TestDatabase): EventStoreTarget {
  return {
    name: database.name,
    async open() {
      const db = await database.open();
      const store = new PostgresEventStore<TestEvent>(db, registry);
      return {
        store,
        settle: () => settled(db),
        appendAsStored: (streamId, events) => insertAsStored(db, streamId, events),
        async close() {
          await store.close();
          await db.close();
        },
      };
    },
  };
}

/**
 * The KurrentDB store over a client: the run's server, shared by the suites (they keep to
 * their own streams), and a fresh PGlite database for the event-id claims.
 */
export function kurrentStore(name: string, connect: () => KurrentClient): EventStoreTarget {
  return {
    name,
    async open() {
      const db = await pglite.open();
      const client = connect();
      const store = new KurrentEventStore<TestEvent>(client, db, registry);
      return {
        store,
        settle: () => Promise.resolve(),
        // As an earlier release wrote them: the schema version it wrote rides in the metadata.
        async appendAsStored(streamId, events) {
          await client.appendToStream(
            streamId,
            events.map((event) => ({
              id: event.id,
              contentType: 'application/json' as const,
              type: event.type,
              data: event.data as Record<string, unknown>,
              metadata: { ...event.metadata, schemaVersion: event.schemaVersion },
            })),
          );
        },
        async close() {
          await store.close();
          await db.close();
        },
      };
    },
  };
}

/** The fixture of the suite it is called in: opened before its tests, closed after them. */
export function suiteStore(target: EventStoreTarget): () => EventStoreFixture {
  let fixture: EventStoreFixture | undefined;
  beforeAll(async () => {
    fixture = await target.open();
  });
  afterAll(async () => {
    await fixture?.close();
  });
  return () => {
    if (fixture === undefined) throw new Error(`the ${target.name} event store is opened before the suite's tests`);
    return fixture;
  };
}
