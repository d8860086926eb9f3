import type { SqlExecutor } from '#platform/db';
import type { EventRegistry } from '../event-registry.ts';
import type { AnyEvent, EventStore } from '../event-store.ts';

/**
 * The KurrentDB event store at `url` (a connection string), its client's code loaded only by
 * this call: a process on the default store never holds it.
 */
export async function openKurrentEventStore<E extends AnyEvent>(
  url: string,
  db: SqlExecutor,
  registry: EventRegistry,
): Promise<EventStore<E>> {
  const [{ KurrentDBClient }, { KurrentEventStore }] = await Promise.all([
    import('@kurrent/kurrentdb-client'),
    import('./kurrentdb-event-store.ts'),
  ]);
  return new KurrentEventStore<E>(KurrentDBClient.connectionString(url), db, registry);
}
