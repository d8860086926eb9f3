import type { Database } from '../db/db.ts';
import { CheckpointMovedError } from '../errors/index.ts';
import type { AnyEvent, EventStore } from '../event-store/event-store.ts';
import { createProjectionCursor } from './projection-cursor.ts';
import type { Projection } from './projection.ts';

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
 */
export async function catchUp<E extends AnyEvent>(
  db: Database,
  store: EventStore<E>,
  projections: readonly Projection<E>[],
  options: { batchSize?: number | undefined } = {},
): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const projection of projections) {
    let total = 0;
    const cursor = createProjectionCursor(db, store, projection, options.batchSize ?? defaultBatchSize(db));
    for (;;) {
      try {
        const result = await cursor.step();
        total += result.projected;
        if (result.caughtUp) break;
      } catch (error) {
        if (!(error instanceof CheckpointMovedError)) throw error;
      }
    }
    counts[projection.name] = total;
  }
  return counts;
}
