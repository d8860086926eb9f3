import { DOMAIN_EVENTS, type DomainEvent } from '#schemas/events';
import type { Database } from '#platform/db';
import { buildEventRegistry } from './event-registry.ts';
import { PostgresEventStore } from './postgres-event-store.ts';

export const domainEventRegistry = buildEventRegistry(DOMAIN_EVENTS);

/** The event store over this service's domain events. */
export function createDomainEventStore(db: Database): PostgresEventStore<DomainEvent> {
  return new PostgresEventStore<DomainEvent>(db, domainEventRegistry);
}
