import type { SqlExecutor } from '../db/db.ts';
import type { AnyEvent } from '../event-store/event-store.ts';
import type { ProjectionState } from './checkpoints.ts';
import type { Projection } from './projection.ts';

export interface ProjectionStatus {
  readonly name: string;
  readonly version: number;
  /** `missing` until the projector has set the projection up. */
  readonly status: ProjectionState | 'missing';
  readonly checkpoint: { readonly transactionId: string; readonly position: number } | null;
  /** Highest global position in the store. */
  readonly headPosition: number;
  /**
   * Events of the handled types committed after the checkpoint: how far behind the
   * projection is. (Positions are not read in order, so head minus checkpoint position
   * would mislead.)
   */
  readonly lag: number;
  readonly eventsProjected: number;
  readonly lastError: string | null;
  readonly lastErrorAt: string | null;
  readonly updatedAt: string | null;
}

interface StatusRow {
  transaction_id: string;
  global_position: number;
  status: ProjectionState;
  events_projected: number;
  last_error: string | null;
  last_error_at: Date | null;
  updated_at: Date;
}

export async function getProjectionStatus(
  db: SqlExecutor,
  projection: Projection<AnyEvent>,
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
    `select count(*)::int8 as lag from es_events
     where (transaction_id, global_position) > ($1::xid8, $2::bigint) and event_type = any($3::text[])`,
    [...after, projection.handles],
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
