import type { Config } from '#platform/config';
import { type Database, migrate } from '#platform/db';
import { openDatabase } from '#platform/db-engines';

/**
 * The service's database, opened and migrated; closed again when migrating fails. Its imports
 * are few on purpose: `npm start` calls it before it loads the rest of the service, so that the
 * embedded engine starts in its thread while this thread loads the API's modules
 * (docs/start-up.md).
 */
export async function openServiceDatabase(config: Config): Promise<Database> {
  const db = await openDatabase(config);
  try {
    // A folder just copied from the build's template holds today's migrations already.
    if (!db.migrated) await migrate(db);
  } catch (error) {
    await db.close();
    throw error;
  }
  return db;
}
