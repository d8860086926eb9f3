import type { Database } from '#platform/db';
import { CheckpointMovedError } from '#platform/errors';
import type { AnyEvent, EventStore } from '#platform/event-store';
import { createProjectionCursor } from './projection-cursor.ts';
import type { Projection } from './projection.ts';
import { analyzeChangedTables } from './table-statistics.ts';

export const DEFAULT_BATCH_SIZE = 500;

/**
 * Events per projection transaction on embedded PGlite. Its one connection is held for the
 * whole transaction, so an API read arriving meanwhile waits for it: smaller transactions keep
 * reads answered while a first start ingests the sample (bench:embedded).
 */
export const PGLITE_BATCH_SIZE = 100;

/** The batch size a database gets when none is configured. */
export const defaultBatchSize = (db: Database) => (db.kind === 'pglite' ? PGLITE_BATCH_SIZE : DEFAULT_BATCH_SIZE);

/**
 * Projects until every projection has caught up with the settled events; returns counts.
 * Another runner moving the checkpoint is not an error here: the batch is read again.
 * On a server the projections catch up side by side, each on connections of its own (they
 * read and write only their own tables); on PGlite, whose one connection would take their
 * statements in turn anyway, one after another in the given order. The tables of projections
 * that applied events are analysed where enough of them changed (table-statistics.ts).
 * `signal` stops it between two batches, short of caught up.
 */
export async function catchUp<E extends AnyEvent>(
  db: Database,
  store: EventStore<E>,
  projections: readonly Projection<E>[],
  options: { batchSize?: number | undefined; signal?: AbortSignal | undefined } = {},
): Promise<Record<string, number>> {
  const batchSize = options.batchSize ?? defaultBatchSize(db);
  const { signal } = options;
  const project = async (projection: Projection<E>): Promise<number> => {
    let total = 0;
    const cursor = createProjectionCursor(db, store, projection, batchSize);
    // Each step is a transaction with its checkpoint: stopping between two leaves nothing half done.
    while (!signal?.aborted) {
      try {
        const result = await cursor.step();
        total += result.projected;
        if (result.caughtUp) return total;
      } catch (error) {
        if (!(error instanceof CheckpointMovedError)) throw error;
      }
    }
    return total;
  };
  const counts: Record<string, number> = {};
  if (db.kind === 'pglite') {
    for (const projection of projections) counts[projection.name] = await project(projection);
  } else {
    // Every projection settles before an error is thrown: none is left running behind the caller.
    const settled = await Promise.allSettled(projections.map(async (projection) => [projection.name, await project(projection)] as const));
    for (const result of settled) {
      if (result.status === 'rejected') throw result.reason;
      counts[result.value[0]] = result.value[1];
    }
  }
  const changed = projections.filter((projection) => (counts[projection.name] ?? 0) > 0);
  await analyzeChangedTables(
    db,
    changed.flatMap((projection) => projection.tables),
  );
  return counts;
}
