import type { Database } from '../db/db.ts';
import type { AnyEvent } from '../event-store/event-store.ts';
import { ensureProjection } from './checkpoints.ts';
import { type Projection, quoteTables } from './projection.ts';

/**
 * Drops a projection's tables and checkpoint and creates them empty; the projector then
 * replays every event from position 0. Until it catches up, the projection's status is
 * `rebuilding`. A runner that is mid-batch finds its checkpoint moved and starts over.
 */
export async function rebuildProjection(db: Database, projection: Projection<AnyEvent>): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query('delete from es_checkpoints where projection = $1 and version = $2', [projection.name, projection.version]);
    await tx.query(`drop table if exists ${quoteTables(projection.tables)} cascade`);
  });
  await ensureProjection(db, projection);
}
