import { PROJECTIONS } from '#projections';
import { installPgBoss } from '#ingest/bus';
import { migrate } from '#platform/db';
import { pgliteExecutor, TEMPLATE_DIR, writePgliteTemplate } from '#platform/pglite';
import { ensureProjection } from '#platform/projector';

/**
 * The cluster a new embedded data folder is copied from (docs/start-up.md): migrated, with
 * every projection's tables and pg-boss's schema and queues set up, so a first start has none
 * of that to do.
 */
export function writeServiceTemplate(dir = TEMPLATE_DIR): Promise<void> {
  return writePgliteTemplate(
    dir,
    async (pg) => {
      const db = pgliteExecutor(pg);
      await migrate(db);
      for (const projection of PROJECTIONS) await ensureProjection(db, projection);
      await installPgBoss(db);
    },
    { migrated: true },
  );
}
