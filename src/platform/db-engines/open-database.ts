import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { lockDataDir } from './data-dir-lock.ts';
import type { Database } from '#platform/db';
import { openPgPool } from './pg-pool.ts';
import { openPgliteThread } from './pglite-thread/client.ts';

export interface DatabaseConfig {
  /** A PostgreSQL server; when absent, embedded PGlite is used. */
  readonly databaseUrl?: string | undefined;
  /** PGlite's data folder lives in `<dataDir>/pglite`. */
  readonly dataDir: string;
  /** PGlite's buffer cache (PGLITE_SHARED_BUFFERS); its default when absent. */
  readonly pgliteSharedBuffers?: string | undefined;
}

/** Which database `openDatabase` opens for these settings. */
export const databaseKindOf = (config: DatabaseConfig): Database['kind'] => (config.databaseUrl ? 'postgres' : 'pglite');

export async function openDatabase(config: DatabaseConfig): Promise<Database> {
  if (config.databaseUrl) return openPgPool(config.databaseUrl);
  const dir = path.resolve(config.dataDir, 'pglite');
  await mkdir(dir, { recursive: true });
  const unlock = await lockDataDir(dir);
  try {
    // In a thread of its own: the engine never holds the service's event loop (docs/start-up.md).
    const db = await openPgliteThread(dir, { sharedBuffers: config.pgliteSharedBuffers });
    return {
      ...db,
      async close() {
        await db.close();
        await unlock();
      },
    };
  } catch (error) {
    await unlock();
    throw error;
  }
}
