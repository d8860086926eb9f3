import type { DomainEvent } from '#schemas/events';
import type { EventStoreSetting } from '#platform/config';
import type { Database } from '#platform/db';
import { createDomainEventStore, domainEventRegistry, type EventStore, openKurrentEventStore } from '#platform/event-store';
import { createForwardingEventStore } from '#runtime/forwarding-event-store';

/**
 * The event store a service process uses: PostgreSQL's by default; with EVENT_STORE=kurrentdb,
 * KurrentDB for the projections, fed from the PostgreSQL outbox ingestion appends to. The
 * KurrentDB client is loaded only then (openKurrentEventStore).
 */
export async function openServiceEventStore(db: Database, setting: EventStoreSetting): Promise<EventStore<DomainEvent>> {
  const postgres = createDomainEventStore(db);
  if (setting.kind === 'postgres') return postgres;
  const kurrent = await openKurrentEventStore<DomainEvent>(setting.url, db, domainEventRegistry);
  return createForwardingEventStore(db, postgres, kurrent);
}
