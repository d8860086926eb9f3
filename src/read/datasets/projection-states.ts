import { findProjection } from '#projections';
import type { SqlExecutor } from '#platform/db';

/** What the dataset index reads of a projection's checkpoint. */
export interface ProjectionState {
  readonly status: 'live' | 'rebuilding' | 'missing';
  /** When the projector last wrote the checkpoint: the dataset's `latest_write`. */
  readonly updatedAt: Date | null;
  /**
   * Changes whenever the projection's rows may have changed. Only the projector writes read
   * tables, and it adds the events it applied to `events_projected` in the same transaction
   * as the rows; a rebuild recreates the checkpoint (a new `created_at`). The position is
   * left out on purpose: every projection's checkpoint moves past events of types it does
   * not handle, which change none of its rows.
   */
  readonly generation: string;
}

const MISSING: ProjectionState = { status: 'missing', updatedAt: null, generation: 'missing' };

interface CheckpointRow {
  projection: string;
  version: number;
  status: 'live' | 'rebuilding';
  events_projected: number;
  created_at: Date;
  updated_at: Date;
}

/** The current version's checkpoint of every projection, in one statement over the few checkpoint rows. */
export async function readProjectionStates(db: SqlExecutor): Promise<ReadonlyMap<string, ProjectionState>> {
  const { rows } = await db.query<CheckpointRow>(
    'select projection, version, status, events_projected, created_at, updated_at from es_checkpoints',
  );
  const states = new Map<string, ProjectionState>();
  for (const row of rows) {
    if (row.version !== (findProjection(row.projection)?.version ?? 0)) continue;
    states.set(row.projection, {
      status: row.status,
      updatedAt: row.updated_at,
      generation: [row.version, row.created_at.toISOString(), row.status, row.events_projected].join(':'),
    });
  }
  return states;
}

export const stateOf = (states: ReadonlyMap<string, ProjectionState>, projection: string): ProjectionState =>
  states.get(projection) ?? MISSING;
