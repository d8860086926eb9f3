import { cpSync, existsSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { packagePath } from '#platform/package-root';
import { migrationsDigest } from '#platform/db';

/**
 * The extensions every embedded database loads. Search ranks names by trigram similarity;
 * the migration runs `create extension pg_trgm`, which on PGlite needs the bundle loaded first.
 */
export const PGLITE_EXTENSIONS = { pg_trgm };

/**
 * A freshly initialised, empty PGlite cluster, made at build time (`npm run build`, run by
 * `npm install`) in dist/. A new data folder is copied from it instead of running initdb,
 * which takes 2–10 s inside WebAssembly; copying its files takes a fraction of a second, and
 * costs no memory (PGlite's own `loadDataDir` holds the whole archive in memory). It holds no
 * schema: the migrations run on it as on any new database. Used only when the installed PGlite
 * made it.
 */
export const TEMPLATE_DIR = packagePath('dist');
const clusterIn = (dir: string) => path.join(dir, 'pglite-template');
const metaIn = (dir: string) => path.join(dir, 'pglite-template.json');
/** Written by initdb; a folder without it holds no cluster yet. */
const VERSION_FILE = 'PG_VERSION';

async function installedPgliteVersion(): Promise<string | undefined> {
  const manifest = await readFile(packagePath('node_modules', '@electric-sql', 'pglite', 'package.json'), 'utf8').catch(() => undefined);
  return manifest === undefined ? undefined : (JSON.parse(manifest) as { version?: string }).version;
}

/** What made a template: the PGlite version, and the migrations applied in it, if any. */
interface TemplateMeta {
  readonly pglite?: string | undefined;
  readonly migrations?: string;
}

/** A usable template: its cluster's folder, and whether today's migrations are applied in it. */
export interface UsableTemplate {
  readonly dir: string;
  readonly migrated: boolean;
}

/**
 * The template cluster, when it exists, the installed PGlite made it, and the migrations
 * applied in it (if any) are today's: a template built before a migration was added or edited
 * is not used (the folder then starts from initdb and migrates as any new one).
 */
export async function usablePgliteTemplate(dir = TEMPLATE_DIR): Promise<UsableTemplate | undefined> {
  const text = await readFile(metaIn(dir), 'utf8').catch(() => undefined);
  const installed = await installedPgliteVersion();
  if (text === undefined || installed === undefined) return undefined;
  const meta = JSON.parse(text) as TemplateMeta;
  if (meta.pglite !== installed) return undefined;
  if (meta.migrations !== undefined && meta.migrations !== (await migrationsDigest())) return undefined;
  return existsSync(path.join(clusterIn(dir), VERSION_FILE)) ? { dir: clusterIn(dir), migrated: meta.migrations !== undefined } : undefined;
}

/** The folder of the template cluster when it can be used (`usablePgliteTemplate`). */
export async function pgliteTemplate(dir = TEMPLATE_DIR): Promise<string | undefined> {
  return (await usablePgliteTemplate(dir))?.dir;
}

/** Whether `dataDir` still has to be initialised: no cluster in it yet. */
export const isNewDataDir = (dataDir: string) => !existsSync(path.join(dataDir, VERSION_FILE));

/**
 * Copies the template cluster into `dataDir`, its version file last: a copy cut short leaves
 * a folder that still reads as new, and the next start copies again. Synchronous: Node's
 * `cpSync` copied the 41 MB and 1,200 files of a template with initdb's template databases in
 * 0.1–0.15 s, its promise version in 0.9–1.2 s (a round trip per file); on a disk where a file
 * costs a millisecond to create, the files' count is the cost. The service copies in the
 * engine's own thread, before it starts.
 */
export function copyPgliteTemplate(template: string, dataDir: string): void {
  const versionFile = path.join(template, VERSION_FILE);
  cpSync(template, dataDir, { recursive: true, filter: (source) => source !== versionFile });
  cpSync(versionFile, path.join(dataDir, VERSION_FILE));
}

/**
 * initdb's template databases, which PGlite never opens (it connects to `postgres`): without
 * them a new folder is a third of the files (about 600 fewer), and creating files is most of a
 * copy's cost. `CREATE DATABASE` in such a folder names `TEMPLATE postgres`.
 */
async function dropTemplateDatabases(pg: PGlite): Promise<void> {
  for (const name of ['template0', 'template1']) {
    await pg.exec(`ALTER DATABASE ${name} IS_TEMPLATE false`);
    await pg.exec(`DROP DATABASE ${name}`);
  }
  await pg.exec('CHECKPOINT');
}

/**
 * Initialises a cluster in `dir`'s template folder and lets `prepare` set it up (the build
 * migrates it and sets every projection's tables up, so a first start has none of that to do),
 * recording the PGlite that made it and, when `migrated`, the migrations applied.
 */
export async function writePgliteTemplate(
  dir = TEMPLATE_DIR,
  prepare?: (pg: PGlite) => Promise<void>,
  options: { readonly migrated?: boolean } = {},
): Promise<void> {
  await rm(clusterIn(dir), { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  const pg = await PGlite.create({ dataDir: clusterIn(dir), extensions: PGLITE_EXTENSIONS });
  try {
    await prepare?.(pg);
    await dropTemplateDatabases(pg);
  } finally {
    await pg.close();
  }
  const meta: TemplateMeta = {
    pglite: await installedPgliteVersion(),
    ...(options.migrated ? { migrations: await migrationsDigest() } : {}),
  };
  await writeFile(metaIn(dir), JSON.stringify(meta));
}
