import type { DomainEvent } from '#schemas/events/catalogue';
import type { Database, SqlExecutor } from '#platform/db/db';
import type { EventStore } from '#platform/event-store/event-store';
import { catchUp } from '#platform/projector/catch-up';
import { ensureProjection } from '#platform/projector/checkpoints';
import { type Projection, quoteIdentifier, quoteTables } from '#platform/projector/projection';

/** Every row of every table of a projection, in a stable order, for comparing two builds of it. */
export async function dumpProjection(db: SqlExecutor, projection: Projection): Promise<Record<string, string[]>> {
  const dump: Record<string, string[]> = {};
  for (const table of projection.tables) {
    const { rows } = await db.query<{ row: string }>(`select t::text as row from ${quoteIdentifier(table)} t order by 1`);
    dump[table] = rows.map((r) => r.row);
  }
  return dump;
}

/**
 * The projection as a clean run makes it: its tables and checkpoint dropped, then every
 * event replayed into fresh tables in place (what a rebuild did before blue/green swaps),
 * and dumped. The reference a rebuild's result is compared with.
 */
export async function cleanProjection(
  db: Database,
  store: EventStore<DomainEvent>,
  projection: Projection,
): Promise<Record<string, string[]>> {
  await db.transaction(async (tx) => {
    await tx.query('delete from es_checkpoints where projection = $1', [projection.name]);
    await tx.query(`drop table if exists ${quoteTables(projection.tables)}`);
  });
  await ensureProjection(db, projection);
  await catchUp(db, store, [projection]);
  return dumpProjection(db, projection);
}
