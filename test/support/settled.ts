import type { SqlExecutor } from '#platform/db/db';

const SETTLE_WAIT_MS = 50;
const SETTLE_ATTEMPTS = 400;

/**
 * The projector reads only events of transactions older than the snapshot's xmin, and on
 * a shared PostgreSQL server xmin is cluster-wide: another spec file's open transaction
 * (in its own database) holds it back, so a catch-up could return with the latest events
 * unread. Wait (bounded) until no appended event is above it.
 */
export async function settled(db: SqlExecutor): Promise<void> {
  for (let attempt = 0; attempt < SETTLE_ATTEMPTS; attempt++) {
    const { rows } = await db.query<{ pending: boolean }>(
      'select exists (select 1 from es_events where transaction_id >= pg_snapshot_xmin(pg_current_snapshot())) as pending',
    );
    if (!rows[0]?.pending) return;
    await new Promise((resolve) => setTimeout(resolve, SETTLE_WAIT_MS));
  }
}
