import type { EventMetadata } from '#schemas/events';
import type { EventRegistry } from './event-registry.ts';
import type { AnyEvent, StoredEvent } from './event-store.ts';

/** The columns every read selects, in the shape `toStoredEvent` maps. */
export const EVENT_COLUMNS = `e.global_position, e.transaction_id::text as transaction_id, e.stream_id,
  e.stream_version, e.event_id::text as event_id, e.event_type, e.schema_version, e.data, e.metadata,
  e.recorded_at`;

export interface EventRow {
  global_position: number;
  transaction_id: string;
  stream_id: string;
  stream_version: number;
  event_id: string;
  event_type: string;
  schema_version: number;
  data: unknown;
  metadata: EventMetadata;
  recorded_at: Date;
}

/** Maps a row to an event, upcasting its payload; stored rows are never rewritten. */
export function toStoredEvent<E extends AnyEvent>(registry: EventRegistry, row: EventRow): StoredEvent<E> {
  const schemaVersion = registry.schemaVersion(row.event_type) ?? row.schema_version;
  return {
    id: row.event_id,
    type: row.event_type,
    data: registry.upcast(row.event_type, row.schema_version, row.data),
    schemaVersion,
    streamId: row.stream_id,
    streamVersion: row.stream_version,
    position: row.global_position,
    metadata: { ...row.metadata, recordedAt: row.recorded_at.toISOString() },
  } as unknown as StoredEvent<E>;
}
