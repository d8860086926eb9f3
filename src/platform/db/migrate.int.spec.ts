import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/support/databases.ts';
import type { Database } from './db.ts';
import { loadMigrations, migrate } from './migrate.ts';

describeEachDatabase('migrations', (database) => {
  let db: Database;
  beforeAll(async () => {
    db = await database.open(); // already migrated once
  });
  afterAll(() => db.close());

  it('applies nothing the second time, and records every migration once', async () => {
    const all = await loadMigrations();
    expect(all.map((m) => m.version)).toEqual([...all.map((m) => m.version)].sort((a, b) => a - b));
    expect(await migrate(db)).toEqual([]);
    const { rows } = await db.query<{ version: number }>('select version from schema_migrations order by version');
    expect(rows.map((r) => r.version)).toEqual(all.map((m) => m.version));
  });

  it('lets several processes start at once: they migrate one after another', async () => {
    const results = await Promise.all([migrate(db), migrate(db), migrate(db)]);
    expect(results).toEqual([[], [], []]);
  });

  it('applies a new migration once, and refuses a released migration whose text changed', async () => {
    const all = await loadMigrations();
    const added = { version: 9999, name: 'test_added', sql: 'create table test_added (id int); create table test_added_2 (id int)' };
    expect(await migrate(db, [...all, added])).toEqual([9999]);
    expect(await migrate(db, [...all, added])).toEqual([]);
    await expect(migrate(db, [...all, { ...added, sql: 'create table other (id int)' }])).rejects.toThrow(
      /9999_test_added was changed after it was applied/,
    );
  });
});
