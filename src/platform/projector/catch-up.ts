import type { Database } from '../db/db.ts';
import { CheckpointMovedError } from '../errors/index.ts';
import type { AnyEvent, EventStore } from '../event-store/event-store.ts';
import { createProjectionCursor } from './projection-cursor.ts';
import type { Projection } from './projection.ts';

export const DEFAULT_BATCH_SIZE = 500;

/**
 * Projects until every projection has caught up with the settled events; returns counts.
 * Another runner moving the checkpoint is not an error here: the batch is read again.
 */
export async function catchUp<E extends AnyEvent>(
  db: Database,
  store: EventStore<E>,
  projections: readonly Projection<E>[],
  options: { batchSize?: number } = {},
): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const projection of projections) {
    let total = 0;
    const cursor = createProjectionCursor(db, store, projection, options.batchSize ?? DEFAULT_BATCH_SIZE);
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
