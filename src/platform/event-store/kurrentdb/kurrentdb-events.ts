import type { EventMetadata } from '#schemas/events';
import type { PreparedEvent } from '../append-to-stream.ts';
import type { EventRegistry } from '../event-registry.ts';
import type { AnyEvent, StoredEvent } from '../event-store.ts';
import type { LogPosition } from './kurrentdb-checkpoint.ts';

/** An event as KurrentDB takes it: JSON data, and JSON metadata that also carries the schema version. */
export interface KurrentEventData {
  readonly id: string;
  readonly contentType: 'application/json';
  readonly type: string;
  readonly data: Record<string, unknown>;
  readonly metadata: Record<string, unknown>;
}

/** What this adapter reads of a recorded event (the client's RecordedEvent, narrowed). */
export interface KurrentRecordedEvent {
  readonly id: string;
  readonly streamId: string;
  readonly revision: bigint;
  readonly type: string;
  readonly created: Date;
  readonly data: unknown;
  readonly metadata: unknown;
  readonly position?: LogPosition | undefined;
}

/**
 * The stream version of a revision: KurrentDB counts revisions from 0, this port counts
 * versions from 1 (version 0 is "no stream").
 */
export const versionOf = (revision: bigint): number => Number(revision) + 1;

/**
 * The event's global position as a number, for people reading it: its prepare position, the
 * offset of its own record in the log (the events of one append share a commit position).
 * Offsets stay below 2^53 for any log under 8 PiB.
 */
export const positionOf = (position: LogPosition): number => Number(position.prepare);

/**
 * The event to write. Payload and metadata are the validated JSON text the PostgreSQL store
 * would store (U+0000 already replaced), so both stores hold the same values; the schema
 * version rides in the metadata, since KurrentDB has no field for it.
 */
export function toKurrentEvent(event: PreparedEvent): KurrentEventData {
  return {
    id: event.id,
    contentType: 'application/json',
    type: event.type,
    data: JSON.parse(event.data) as Record<string, unknown>,
    metadata: { ...(JSON.parse(event.metadata) as Record<string, unknown>), schemaVersion: event.schemaVersion },
  };
}

/** Maps a recorded event to this port's, upcasting its payload; the stored event is never rewritten. */
export function fromKurrentEvent<E extends AnyEvent>(registry: EventRegistry, recorded: KurrentRecordedEvent): StoredEvent<E> {
  const { schemaVersion: stored, ...metadata } = (recorded.metadata ?? {}) as EventMetadata & { schemaVersion?: number };
  const storedVersion = typeof stored === 'number' ? stored : 1;
  return {
    id: recorded.id,
    type: recorded.type,
    data: registry.upcast(recorded.type, storedVersion, recorded.data),
    schemaVersion: registry.schemaVersion(recorded.type) ?? storedVersion,
    streamId: recorded.streamId,
    streamVersion: versionOf(recorded.revision),
    position: recorded.position ? positionOf(recorded.position) : 0,
    metadata: { ...metadata, recordedAt: recorded.created.toISOString() },
  } as unknown as StoredEvent<E>;
}

/** A filter's regular expression matching exactly these event types. */
export function eventTypesPattern(types: readonly string[]): string {
  return `^(?:${types.map((type) => type.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})$`;
}
