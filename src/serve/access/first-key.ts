import { rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { SqlExecutor } from '#platform/db';
import { createKey } from './create-key.ts';

export const FIRST_KEY_FILE = 'first-api-key';

/**
 * On a store with no API key at all, issues one (scopes read and admin, workspace
 * `default`) and writes it to `<dataDir>/first-api-key`, readable by the owner only, so
 * the embedded service (`npm start`, whose database folder the keys CLI cannot open while
 * it runs) is usable at once. Returns the file's path, or undefined when keys exist.
 * The file appears whole (written beside it, then renamed): a script that waits for it to
 * exist never reads it empty.
 */
export async function issueFirstKey(db: SqlExecutor, dataDir: string): Promise<string | undefined> {
  const { rows } = await db.query<{ present: boolean }>('select exists (select 1 from api_keys) as present');
  if (rows[0]?.present) return undefined;
  const { key } = await createKey(db, { workspace: { name: 'default' }, name: 'first key', scopes: ['read', 'admin'] });
  const file = path.join(dataDir, FIRST_KEY_FILE);
  const partial = `${file}.${process.pid}.partial`;
  await writeFile(partial, `${key}\n`, { mode: 0o600 });
  await rename(partial, file);
  return file;
}
