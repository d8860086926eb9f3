// src/platform/event-store: what other modules use of it, and the only file they import (docs/architecture.md "Modules").
export { appendPrepared, type PreparedEvent, prepareEvents } from './append-to-stream.ts';
export { appendToStreams, type StreamAppend } from './append-to-streams.ts';
export { createDomainEventStore, domainEventRegistry } from './domain-event-store.ts';
export {
  type AnyEvent,
  type Checkpoint,
  checkpointOf,
  type EventStore,
  type NewEvent,
  type ReadAllResult,
  START,
  type StoredEvent,
} from './event-store.ts';
export { openKurrentEventStore } from './kurrentdb/open-kurrentdb-store.ts';
