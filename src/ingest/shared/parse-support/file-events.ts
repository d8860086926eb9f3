import type { DomainEvent } from '../../../../schemas/events/catalogue.ts';
import type { NewEvent } from '../../../platform/event-store/event-store.ts';
import type { Problem } from '../parser.ts';

/** A file's events, and the problems of the rows that gave none. */
export interface FileEvents {
  readonly events: readonly NewEvent<DomainEvent>[];
  readonly problems: readonly Problem[];
}
