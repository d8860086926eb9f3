import type { DomainEvent } from '#schemas/events';
import type { NewEvent } from '#platform/event-store';
import type { Problem } from '#ingest/shared/parser';

/** A file's events, and the problems of the rows that gave none. */
export interface FileEvents {
  readonly events: readonly NewEvent<DomainEvent>[];
  readonly problems: readonly Problem[];
}
