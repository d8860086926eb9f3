import type { SqlExecutor } from '#platform/db';
import { CheckpointMovedError } from '#platform/errors';
import { type AnyEvent, type Checkpoint, checkpointOf } from '#platform/event-store';
import { PROJECTIONS_CHANNEL } from './projection-changes.ts';
import { type Projection, quoteTables } from './projection.ts';

export type ProjectionState = 'rebuilding' | 'live';

/** A batch applied in part: the checkpoint moves to `to`, and its `events` count, once its work is finished. */
export interface DeferredBatch {
  readonly to: Checkpoint;
  readonly events: number;
}

export interface ProjectionCheckpoint {
  readonly checkpoint: Checkpoint;
  readonly status: ProjectionState;
  /** The batch after the checkpoint whose work is not finished yet, if any. */
  readonly deferred: DeferredBatch | undefined;
}

interface CheckpointRow {
  checkpoint: string;
  status: ProjectionState;
  deferred_to: string | null;
  deferred_events: string;
}

// Advisory-lock key per projection name, so two processes never set one up twice at once.
const lockKey = (name: string) => `projection:${name}`;

/**
 * Sets the projection's tables up and creates its checkpoint row unless this version has
 * one. `setup` runs every time (it is idempotent), so an index or a table added to a
 * projection's setup reaches an existing store at the next start without a rebuild; the row
 * then names the tables the version owns now, for the next version to drop.
 */
export async function ensureProjection(db: SqlExecutor, projection: Projection<AnyEvent>): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock(hashtextextended($1, 0))', [lockKey(projection.name)]);
    const { rows } = await tx.query('select 1 from es_checkpoints where projection = $1 and version = $2', [
      projection.name,
      projection.version,
    ]);
    await projection.setup(tx);
    if (rows.length > 0) {
      await tx.query('update es_checkpoints set tables = $3 where projection = $1 and version = $2 and tables <> $3::text[]', [
        projection.name,
        projection.version,
        projection.tables,
      ]);
      return;
    }
    await tx.query('insert into es_checkpoints (projection, version, tables) values ($1, $2, $3)', [
      projection.name,
      projection.version,
      projection.tables,
    ]);
  });
}

export async function readCheckpoint(db: SqlExecutor, projection: Projection<AnyEvent>): Promise<ProjectionCheckpoint | undefined> {
  const { rows } = await db.query<CheckpointRow>(
    'select checkpoint, status, deferred_to, deferred_events from es_checkpoints where projection = $1 and version = $2',
    [projection.name, projection.version],
  );
  const row = rows[0];
  if (!row) return undefined;
  return {
    checkpoint: checkpointOf(row.checkpoint),
    status: row.status,
    deferred: row.deferred_to === null ? undefined : { to: checkpointOf(row.deferred_to), events: Number(row.deferred_events) },
  };
}

/**
 * Takes the checkpoint row before a batch (or the next part of a deferred one) is applied,
 * in the caller's transaction: a second runner of the same projection waits here, then
 * finds the checkpoint moved (`CheckpointMovedError`) instead of applying the work twice.
 * `deferredTo` is where the unfinished batch ends, null when none is.
 */
export async function holdCheckpoint(
  tx: SqlExecutor,
  projection: Projection<AnyEvent>,
  from: Checkpoint,
  deferredTo: Checkpoint | null,
): Promise<void> {
  const { rows } = await tx.query(
    `select 1 from es_checkpoints
     where projection = $1 and version = $2 and checkpoint = $3 and deferred_to is not distinct from $4
     for update`,
    [projection.name, projection.version, from, deferredTo],
  );
  if (rows.length !== 1) throw new CheckpointMovedError(projection.name);
}

/**
 * Records, in the transaction that applied part of a batch, that its work continues in later
 * transactions: the checkpoint stays at `from` (a crash resumes the work, never skips it, and
 * the batch's events still count as lag) and moves to `to` when the work is finished
 * (`continueDeferred`). Listeners hear of it, as the read tables changed.
 */
export async function deferCheckpoint(
  tx: SqlExecutor,
  projection: Projection<AnyEvent>,
  from: Checkpoint,
  to: Checkpoint,
  events: number,
): Promise<void> {
  const { rows } = await tx.query(
    `with deferred as (
       update es_checkpoints
       set deferred_to = $4, deferred_events = $5, last_error = null, last_error_at = null, updated_at = now()
       where projection = $1 and version = $2 and checkpoint = $3 and deferred_to is null
       returning projection)
     select pg_notify($6, projection) from deferred`,
    [projection.name, projection.version, from, to, events, PROJECTIONS_CHANNEL],
  );
  if (rows.length !== 1) throw new CheckpointMovedError(projection.name);
}

/**
 * After a part of a deferred batch's work, in its transaction: when the work is `done`, moves
 * the checkpoint to where the batch ends and counts its events; in any case tells listeners
 * that the read tables changed.
 */
export async function continueDeferred(tx: SqlExecutor, projection: Projection<AnyEvent>, from: Checkpoint, done: boolean): Promise<void> {
  const { rows } = await tx.query(
    `with moved as (
       update es_checkpoints
       set checkpoint = case when $4 then deferred_to else checkpoint end,
           events_projected = events_projected + case when $4 then deferred_events else 0 end,
           deferred_to = case when $4 then null else deferred_to end,
           deferred_events = case when $4 then 0 else deferred_events end,
           last_error = null, last_error_at = null, updated_at = now()
       where projection = $1 and version = $2 and checkpoint = $3 and deferred_to is not null
       returning projection)
     select pg_notify($5, projection) from moved`,
    [projection.name, projection.version, from, done, PROJECTIONS_CHANNEL],
  );
  if (rows.length !== 1) throw new CheckpointMovedError(projection.name);
}

/**
 * In the transaction that applied a batch on top of an unfinished one's work (a projection
 * that `joinsDeferredWork`): the work now ends at `to` and counts the batch's `events` too.
 */
export async function joinDeferred(
  tx: SqlExecutor,
  projection: Projection<AnyEvent>,
  from: Checkpoint,
  deferredTo: Checkpoint,
  to: Checkpoint,
  events: number,
): Promise<void> {
  const { rows } = await tx.query(
    `with joined as (
       update es_checkpoints
       set deferred_to = $5, deferred_events = deferred_events + $6, last_error = null, last_error_at = null, updated_at = now()
       where projection = $1 and version = $2 and checkpoint = $3 and deferred_to = $4
       returning projection)
     select pg_notify($7, projection) from joined`,
    [projection.name, projection.version, from, deferredTo, to, events, PROJECTIONS_CHANNEL],
  );
  if (rows.length !== 1) throw new CheckpointMovedError(projection.name);
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
       where projection = $1 and version = $2 and checkpoint = $3 and deferred_to is null
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
