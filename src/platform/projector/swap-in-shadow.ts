import { type Database, type SqlExecutor, isPgError } from '#platform/db';
import type { AnyEvent, EventStore } from '#platform/event-store';
import { advanceCheckpoint, continueDeferred, readCheckpoint, retireOlderVersions } from './checkpoints.ts';
import { PROJECTIONS_CHANNEL } from './projection-changes.ts';
import { batchLimit } from './projection-cursor.ts';
import { type Progress, type Projection, quoteIdentifier, type StepContext } from './projection.ts';
import { type ShadowBuild, shadowTables } from './shadow-build.ts';

export interface SwapOptions {
  readonly batchSize: number;
  readonly engine: Database['kind'];
  /** The longest the swap waits for readers to let go of the live tables (then it gives up, to try again). */
  readonly lockTimeoutMs: number;
}

/** The swap gave up waiting for the live tables (lock_timeout), or lost a deadlock to a reader: try again. */
export function isSwapContention(error: unknown): boolean {
  return isPgError(error) && (error.code === '55P03' || error.code === '40P01');
}

/** Finishes, in the caller's transaction, the work a batch left for later (the swap must not wait for readers in between). */
async function finishDeferred<E extends AnyEvent>(
  tx: SqlExecutor,
  shadow: Projection<E>,
  progress: Progress,
  context: StepContext,
): Promise<void> {
  let left = progress;
  while (left === 'more') {
    if (!shadow.resume) throw new Error(`projection ${shadow.name} deferred work and has no resume`);
    left = await shadow.resume(tx, context);
  }
}

/**
 * Projects into the rebuild's tables the events committed since its last batch, in the
 * caller's transaction (which holds the live checkpoint's row, so the live projector waits).
 */
async function catchUpWithin<E extends AnyEvent>(tx: SqlExecutor, store: EventStore<E>, shadow: Projection<E>, options: SwapOptions) {
  let projected = 0;
  for (;;) {
    const state = await readCheckpoint(tx, shadow);
    if (!state) throw new Error(`the rebuild of ${shadow.name} lost its checkpoint: another rebuild discarded it`);
    const from = state.checkpoint;
    if (state.deferred) {
      await finishDeferred(tx, shadow, 'more', { engine: options.engine });
      await continueDeferred(tx, shadow, from, true);
      projected += state.deferred.events;
      continue;
    }
    const page = await store.readAll({
      after: from,
      limit: batchLimit(shadow, options.batchSize, options.engine),
      types: shadow.handles,
      within: tx,
    });
    if (page.events.length === 0 && page.next === from) return projected;
    const prepared = page.events.length > 0 ? shadow.prepare?.(page.events) : undefined;
    await advanceCheckpoint(tx, shadow, from, page.next, page.events.length, page.caughtUp);
    if (page.events.length > 0) {
      const progress = await shadow.evolve(tx, page.events, prepared, { deferred: false, engine: options.engine });
      await finishDeferred(tx, shadow, progress ?? 'done', { engine: options.engine });
    }
    projected += page.events.length;
    if (page.caughtUp) return projected;
  }
}

const qualified = (schema: string, tables: readonly string[]) =>
  tables.map((table) => `${quoteIdentifier(schema)}.${quoteIdentifier(table)}`).join(', ');

/**
 * Puts a rebuild's tables in place of the live ones, in one transaction, and returns the
 * events it projected on the way:
 *
 * 1. Locks the live checkpoint row, as the live projector's batch does first (so a batch in
 *    flight finishes before, and the next one waits and then finds its checkpoint moved).
 * 2. Projects into the new tables the events committed since the rebuild's last batch.
 * 3. Takes the live tables (waiting at most `lockTimeoutMs` for readers), drops them, moves
 *    the new ones into their schema (indexes and constraints move with them), and gives the
 *    live checkpoint row the rebuild's checkpoint.
 *
 * Readers see the old tables or the new ones: a query that waited for the lock finds the
 * name again after the commit, and reads the new table. Keeping `lockTimeoutMs` below the
 * server's deadlock_timeout (1 s by default) makes the swap, not a reader, give up when a
 * reader holding one of the tables waits for another.
 */
export async function swapInShadow<E extends AnyEvent>(
  db: SqlExecutor,
  store: EventStore<E>,
  projection: Projection<E>,
  shadow: ShadowBuild<E>,
  options: SwapOptions,
): Promise<number> {
  return db.transaction(async (tx) => {
    const { rows: locked } = await tx.query(
      'select projection from es_checkpoints where (projection, version) in (($1, $3), ($2, $3)) order by projection for update',
      [projection.name, shadow.projection.name, projection.version],
    );
    if (locked.length !== 2) throw new Error(`the rebuild of ${projection.name} lost its checkpoint: another rebuild finished first`);
    const projected = await catchUpWithin(tx, store, shadow.projection, options);

    const built = await shadowTables(tx, shadow.schema);
    const missing = projection.tables.filter((table) => !built.includes(table));
    if (missing.length > 0) throw new Error(`the rebuild of ${projection.name} did not create ${missing.join(', ')}`);
    const { rows: here } = await tx.query<{ schema: string; tables: string[] }>(
      `select current_schema() as schema,
              array(select tablename::text from pg_tables where schemaname = current_schema() and tablename = any($1::text[])) as tables`,
      [built],
    );
    const live = here[0];
    if (!live) throw new Error('no current schema');

    await tx.query(`select set_config('lock_timeout', $1, true)`, [`${options.lockTimeoutMs}ms`]);
    if (live.tables.length > 0) {
      // All at once, before any change: a reader never finds one table of the set new and another gone.
      await tx.query(`lock table ${qualified(live.schema, live.tables)} in access exclusive mode`);
      // No cascade: an object of someone else's that depends on a table stops the swap with its name.
      await tx.query(`drop table ${qualified(live.schema, live.tables)}`);
    }
    for (const table of built)
      await tx.query(`alter table ${qualified(shadow.schema, [table])} set schema ${quoteIdentifier(live.schema)}`);
    // No cascade: anything but the tables left behind (a type, a function) is a mistake to hear of.
    await tx.query(`drop schema ${quoteIdentifier(shadow.schema)}`);

    await tx.query(
      `update es_checkpoints l
       set checkpoint = s.checkpoint, events_projected = s.events_projected,
           -- The live tables' unfinished batch goes with them; the rebuild finished its own.
           deferred_to = s.deferred_to, deferred_events = s.deferred_events,
           status = 'live', tables = $4, last_error = null, last_error_at = null, updated_at = now()
       from es_checkpoints s
       where l.projection = $1 and l.version = $3 and s.projection = $2 and s.version = $3`,
      [projection.name, shadow.projection.name, projection.version, projection.tables],
    );
    await tx.query('delete from es_checkpoints where projection = $1', [shadow.projection.name]);
    await retireOlderVersions(tx, projection);
    await tx.query('select pg_notify($1, $2)', [PROJECTIONS_CHANNEL, projection.name]);
    return projected;
  });
}
