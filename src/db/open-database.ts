import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Database } from './db.ts';
import { openPgPool } from './pg-pool.ts';
import { openPglite } from './pglite.ts';

export interface DatabaseConfig {
  /** A PostgreSQL server; when absent, embedded PGlite is used. */
  readonly databaseUrl?: string | undefined;
  /** PGlite's data folder. */
  readonly dataDir: string;
}

export async function openDatabase(config: DatabaseConfig): Promise<Database> {
  if (config.databaseUrl) return openPgPool(config.databaseUrl);
  const dir = path.resolve(config.dataDir, 'pglite');
  await mkdir(dir, { recursive: true });
  return openPglite(dir);
}
