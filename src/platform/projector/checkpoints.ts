import type { SqlExecutor } from '../db/db.ts';
import { CheckpointMovedError } from '../errors/index.ts';
import { type AnyEvent, type Checkpoint, checkpointOf } from '../event-store/event-store.ts';
import { PROJECTIONS_CHANNEL } from './projection-changes.ts';
import { type Projection, quoteTables } from './projection.ts';

export type ProjectionState = 'rebuilding' | 'live';

export interface ProjectionCheckpoint {
  readonly checkpoint: Checkpoint;
  readonly status: ProjectionState;
}

interface CheckpointRow {
  checkpoint: string;
  status: ProjectionState;
}

// Advisory-lock key per projection name, so two processes never set one up twice at once.
const lockKey = (name: string) => `projection:${name}`;

/**
 * Sets the projection's tables up and creates its checkpoint row unless this version has
 * one. `setup` runs every time (it is idempotent), so an index added to a projection's
 * setup reaches existing tables at the next start without a rebuild.
 */
export async function ensureProjection(db: SqlExecutor, projection: Projection<AnyEvent>): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock(hashtextextended($1, 0))', [lockKey(projection.name)]);
    const { rows } = await tx.query('select 1 from es_checkpoints where projection = $1 and version = $2', [
      projection.name,
      projection.version,
    ]);
    await projection.setup(tx);
    if (rows.length > 0) return;
    await tx.query('insert into es_checkpoints (projection, version, tables) values ($1, $2, $3)', [
      projection.name,
      projection.version,
      projection.tables,
    ]);
  });
}

export async function readCheckpoint(db: SqlExecutor, projection: Projection<AnyEvent>): Promise<ProjectionCheckpoint | undefined> {
  const { rows } = await db.query<CheckpointRow>('select checkpoint, status from es_checkpoints where projection = $1 and version = $2', [
    projection.name,
    projection.version,
  ]);
  const row = rows[0];
  if (!row) return undefined;
  return {
    checkpoint: checkpointOf(row.checkpoint),
    status: row.status,
  };
}

/**
 * Moves the checkpoint from `from` to `to`, in the caller's transaction. The row lock and
 * the compare (tokens are compared as text: equal tokens are the same place, whatever the
 * store) make a second runner of the same projection wait, then fail, instead of applying
 * the same batch twice. The same statement notifies PROJECTIONS_CHANNEL, so every
 * listening process hears of the move when, and only if, the batch commits.
 */
export async function advanceCheckpoint(
  tx: SqlExecutor,
  projection: Projection<AnyEvent>,
  from: Checkpoint,
  to: Checkpoint,
  projected: number,
  live: boolean,
): Promise<void> {
  const { rows } = await tx.query(
    `with moved as (
       update es_checkpoints
       set checkpoint = $4, events_projected = events_projected + $5,
           status = case when $6 then 'live' else status end,
           last_error = null, last_error_at = null, updated_at = now()
       where projection = $1 and version = $2 and checkpoint = $3
       returning projection)
     select pg_notify($7, projection) from moved`,
    [projection.name, projection.version, from, to, projected, live, PROJECTIONS_CHANNEL],
  );
  if (rows.length !== 1) throw new CheckpointMovedError(projection.name);
}

/** Drops the tables of older versions of a projection once a newer one is live. */
export async function retireOlderVersions(tx: SqlExecutor, projection: Projection<AnyEvent>): Promise<void> {
  const { rows } = await tx.query<{ version: number; tables: string[] }>(
    'select version, tables from es_checkpoints where projection = $1 and version < $2',
    [projection.name, projection.version],
  );
  for (const row of rows) {
    if (row.tables.length > 0) await tx.query(`drop table if exists ${quoteTables(row.tables)} cascade`);
    await tx.query('delete from es_checkpoints where projection = $1 and version = $2', [projection.name, row.version]);
  }
}

export async function recordProjectionError(db: SqlExecutor, projection: Projection<AnyEvent>, error: unknown): Promise<void> {
  const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  await db.query(
    `update es_checkpoints set last_error = $3, last_error_at = now(), updated_at = now()
     where projection = $1 and version = $2`,
    [projection.name, projection.version, message.slice(0, 4000)],
  );
}
