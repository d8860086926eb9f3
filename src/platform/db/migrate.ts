import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import type { SqlExecutor } from './db.ts';

export interface Migration {
  readonly version: number;
  readonly name: string;
  readonly sql: string;
}

// Any constant works; it only has to be the same for every process migrating this database.
const MIGRATION_LOCK_KEY = 4_711_2024;
const FILE_PATTERN = /^(\d{4})_([a-z0-9_]+)\.sql$/;

export const MIGRATIONS_DIR = new URL('./migrations/', import.meta.url);

export async function loadMigrations(dir: URL = MIGRATIONS_DIR): Promise<Migration[]> {
  const files = (await readdir(dir)).filter((file) => FILE_PATTERN.test(file)).sort();
  return Promise.all(
    files.map(async (file) => {
      const [, version, name] = FILE_PATTERN.exec(file) ?? [];
      return { version: Number(version), name: name ?? file, sql: await readFile(new URL(file, dir), 'utf8') };
    }),
  );
}

const checksum = (sql: string) => createHash('sha256').update(sql).digest('hex');

/** One digest of every migration's version, name and text: two schemas migrated from the same files have the same. */
export async function migrationsDigest(dir: URL = MIGRATIONS_DIR): Promise<string> {
  const lines = (await loadMigrations(dir)).map((m) => `${m.version} ${m.name} ${checksum(m.sql)}`);
  return checksum(lines.join('\n'));
}

/**
 * Applies the migrations not yet applied, in version order, in one transaction under an
 * advisory lock, so concurrent processes starting together migrate once. An applied
 * migration whose text has changed is an error: migrations are immutable once released.
 */
export async function migrate(db: SqlExecutor, migrations?: readonly Migration[]): Promise<number[]> {
  const all = migrations ?? (await loadMigrations());
  return db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
    await tx.query(`create table if not exists schema_migrations (
      version integer primary key,
      name text not null,
      checksum text not null,
      applied_at timestamptz(3) not null default now()
    )`);
    const { rows } = await tx.query<{ version: number; checksum: string }>('select version, checksum from schema_migrations');
    const applied = new Map(rows.map((row) => [row.version, row.checksum]));
    const newlyApplied: number[] = [];
    for (const migration of all) {
      const sum = checksum(migration.sql);
      const existing = applied.get(migration.version);
      if (existing !== undefined) {
        if (existing !== sum) {
          throw new Error(`migration ${migration.version}_${migration.name} was changed after it was applied; add a new migration instead`);
        }
        continue;
      }
      await tx.query(migration.sql);
      await tx.query('insert into schema_migrations (version, name, checksum) values ($1, $2, $3)', [
        migration.version,
        migration.name,
        sum,
      ]);
      newlyApplied.push(migration.version);
    }
    return newlyApplied;
  });
}
