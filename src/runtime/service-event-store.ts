import type { DomainEvent } from '../../schemas/events/catalogue.ts';
import type { EventStoreSetting } from '../platform/config.ts';
import type { Database } from '../platform/db/db.ts';
import { createDomainEventStore, domainEventRegistry } from '../platform/event-store/domain-event-store.ts';
import type { EventStore } from '../platform/event-store/event-store.ts';
import { createForwardingEventStore } from './forwarding-event-store.ts';

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
    import('../platform/event-store/kurrentdb/kurrentdb-event-store.ts'),
  ]);
  const kurrent = new KurrentEventStore<DomainEvent>(KurrentDBClient.connectionString(setting.url), db, domainEventRegistry);
  return createForwardingEventStore(db, postgres, kurrent);
}
