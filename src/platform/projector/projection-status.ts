import type { ProjectionStatus } from '#schemas/read-models';
import type { SqlExecutor } from '#platform/db';
import { type AnyEvent, checkpointOf, type EventStore, START } from '#platform/event-store';
import type { Projection } from './projection.ts';

interface StatusRow {
  checkpoint: string;
  status: 'rebuilding' | 'live';
  events_projected: number;
  last_error: string | null;
  last_error_at: Date | null;
  updated_at: Date;
}

export interface StatusOptions {
  /** Count the lag up to this many events and stop: a far-behind projection then reads as this many. Unbounded when absent. */
  readonly lagCountLimit?: number;
}

/**
 * Where a projection stands: its checkpoint row from the read side's database, and its lag
 * from the event store, which alone can count what lies after its own token.
 */
export async function getProjectionStatus(
  db: SqlExecutor,
  store: Pick<EventStore<AnyEvent>, 'readProgress'>,
  projection: Projection<AnyEvent>,
  options: StatusOptions = {},
): Promise<ProjectionStatus> {
  const { rows } = await db.query<StatusRow>(
    `select checkpoint, status, events_projected, last_error, last_error_at, updated_at
     from es_checkpoints where projection = $1 and version = $2`,
    [projection.name, projection.version],
  );
  const row = rows[0];
  const progress = await store.readProgress({
    after: row ? checkpointOf(row.checkpoint) : START,
    types: projection.handles,
    countLimit: options.lagCountLimit,
  });
  return {
    name: projection.name,
    version: projection.version,
    status: row?.status ?? 'missing',
    checkpoint: row?.checkpoint ?? null,
    headPosition: progress.headPosition,
    lag: progress.behind,
    eventsProjected: row?.events_projected ?? 0,
    lastError: row?.last_error ?? null,
    lastErrorAt: row?.last_error_at?.toISOString() ?? null,
    updatedAt: row?.updated_at.toISOString() ?? null,
  };
}
