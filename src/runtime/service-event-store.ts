import type { DomainEvent } from '#schemas/events/catalogue';
import type { EventStoreSetting } from '#platform/config';
import type { Database } from '#platform/db/db';
import { createDomainEventStore, domainEventRegistry } from '#platform/event-store/domain-event-store';
import type { EventStore } from '#platform/event-store/event-store';
import { createForwardingEventStore } from '#runtime/forwarding-event-store';

/**
 * The event store a service process uses: PostgreSQL's by default; with EVENT_STORE=kurrentdb,
 * KurrentDB for the projections, fed from the PostgreSQL outbox ingestion appends to. The
 * KurrentDB client is loaded only then: a process on the default store does not hold its code.
 */
export async function openServiceEventStore(db: Database, setting: EventStoreSetting): Promise<EventStore<DomainEvent>> {
  const postgres = createDomainEventStore(db);
  if (setting.kind === 'postgres') return postgres;
  const [{ KurrentDBClient }, { KurrentEventStore }] = await Promise.all([
    import('@kurrent/kurrentdb-client'),
    import('#platform/event-store/kurrentdb/kurrentdb-event-store'),
  ]);
  const kurrent = new KurrentEventStore<DomainEvent>(KurrentDBClient.connectionString(setting.url), db, domainEventRegistry);
  return createForwardingEventStore(db, postgres, kurrent);
}
