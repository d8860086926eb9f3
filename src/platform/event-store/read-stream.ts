import type { SqlExecutor } from '#platform/db';
import type { EventRegistry } from './event-registry.ts';
import type { AnyEvent, ReadStreamOptions, ReadStreamResult } from './event-store.ts';
import { EVENT_COLUMNS, type EventRow, toStoredEvent } from './stored-event.ts';

/**
 * Reads one stream in version order. The version is read first and bounds the events, so
 * the result is consistent even while another writer appends.
 */
export async function readStream<E extends AnyEvent>(
  db: SqlExecutor,
  registry: EventRegistry,
  streamId: string,
  options: ReadStreamOptions = {},
): Promise<ReadStreamResult<E>> {
  const version = await db.query<{ stream_version: number }>('select stream_version from es_streams where stream_id = $1', [streamId]);
  const currentVersion = version.rows[0]?.stream_version ?? 0;
  if (currentVersion === 0) return { events: [], currentVersion };
  const { rows } = await db.query<EventRow>(
    `select ${EVENT_COLUMNS} from es_events e
     where e.stream_id = $1 and e.stream_version between $2 and $3
     order by e.stream_version
     limit $4`,
    [streamId, options.fromVersion ?? 1, currentVersion, options.limit ?? null],
  );
  return { events: rows.map((row) => toStoredEvent<E>(registry, row)), currentVersion };
}
