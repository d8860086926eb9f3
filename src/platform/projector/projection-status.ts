import type { ProjectionStatus } from '../../../schemas/read-models/projection-status.ts';
import type { SqlExecutor } from '../db/db.ts';
import type { AnyEvent } from '../event-store/event-store.ts';
import type { Projection } from './projection.ts';

interface StatusRow {
  transaction_id: string;
  global_position: number;
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
 * Where a projection stands. `lag` counts the events of its types committed after its
 * checkpoint: positions are read in commit order, not numeric order, so head position
 * minus checkpoint position would mislead (the head is reported beside it).
 */
export async function getProjectionStatus(
  db: SqlExecutor,
  projection: Projection<AnyEvent>,
  options: StatusOptions = {},
): Promise<ProjectionStatus> {
  const head = await db.query<{ head: number | null }>('select max(global_position) as head from es_events');
  const headPosition = head.rows[0]?.head ?? 0;
  const { rows } = await db.query<StatusRow>(
    `select transaction_id::text as transaction_id, global_position, status, events_projected,
            last_error, last_error_at, updated_at
     from es_checkpoints where projection = $1 and version = $2`,
    [projection.name, projection.version],
  );
  const row = rows[0];
  const after = row ? [row.transaction_id, row.global_position] : ['0', 0];
  const lag = await db.query<{ lag: number }>(
    `select count(*)::int8 as lag from (
       select 1 from es_events
       where (transaction_id, global_position) > ($1::xid8, $2::bigint) and event_type = any($3::text[])
       limit $4::int8) behind`,
    [...after, projection.handles, options.lagCountLimit ?? null],
  );
  return {
    name: projection.name,
    version: projection.version,
    status: row?.status ?? 'missing',
    checkpoint: row ? { transactionId: row.transaction_id, position: row.global_position } : null,
    headPosition,
    lag: lag.rows[0]?.lag ?? 0,
    eventsProjected: row?.events_projected ?? 0,
    lastError: row?.last_error ?? null,
    lastErrorAt: row?.last_error_at?.toISOString() ?? null,
    updatedAt: row?.updated_at.toISOString() ?? null,
  };
}
