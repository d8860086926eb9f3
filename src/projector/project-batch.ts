import type { Database } from '../db/db.ts';
import type { AnyEvent, EventStore } from '../event-store/event-store.ts';
import { compareCheckpoints } from '../event-store/read-all.ts';
import { advanceCheckpoint, ensureProjection, readCheckpoint, retireOlderVersions } from './checkpoints.ts';
import type { Projection } from './projection.ts';

export interface BatchResult {
  readonly projected: number;
  readonly caughtUp: boolean;
}

/**
 * Reads the next batch after the projection's checkpoint and applies it: the read tables
 * and the checkpoint change in one transaction. A crash anywhere loses nothing; the next
 * run starts again from the last committed checkpoint.
 */
export async function projectBatch<E extends AnyEvent>(
  db: Database,
  store: EventStore<E>,
  projection: Projection<E>,
  batchSize: number,
): Promise<BatchResult> {
  let state = await readCheckpoint(db, projection);
  if (!state) {
    await ensureProjection(db, projection);
    state = await readCheckpoint(db, projection);
  }
  if (!state) throw new Error(`projection ${projection.name} has no checkpoint after set-up`);
  const from = state.checkpoint;
  const page = await store.readAll({ after: from, limit: batchSize, types: projection.handles });
  const becomesLive = page.caughtUp && state.status !== 'live';
  if (page.events.length === 0 && compareCheckpoints(page.next, from) === 0 && !becomesLive) {
    return { projected: 0, caughtUp: page.caughtUp };
  }
  await db.transaction(async (tx) => {
    await advanceCheckpoint(tx, projection, from, page.next, page.events.length, page.caughtUp);
    if (page.events.length > 0) await projection.evolve(tx, page.events);
    if (becomesLive) await retireOlderVersions(tx, projection);
  });
  return { projected: page.events.length, caughtUp: page.caughtUp };
}
