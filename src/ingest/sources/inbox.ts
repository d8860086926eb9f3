import path from 'node:path';

/**
 * The folder a running service watches for files to ingest. With embedded PGlite only
 * one process may open the data folder, so the ingest command hands files over here.
 */
export const inboxOf = (dataDir: string) => path.resolve(dataDir, 'inbox');
