import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '#platform/db/migrate';
import { openPglite } from './pglite.ts';
import { isNewDataDir, pgliteTemplate, writePgliteTemplate } from './pglite-template.ts';

describe('the empty PGlite cluster a new data folder is copied from', () => {
  let work: string;
  beforeAll(async () => {
    work = await mkdtemp(path.join(tmpdir(), 'pglite-template-'));
  });
  afterAll(() => rm(work, { recursive: true, force: true }));

  it('is what a new data folder starts from, and an existing folder is opened as it is', async () => {
    // A template holding a marker, so the folder shows where it came from.
    const templateDir = path.join(work, 'marked');
    await writePgliteTemplate(templateDir, (pg) => pg.exec('create table made_from_template (id int)').then(() => undefined));

    const dataDir = path.join(work, 'data');
    expect(isNewDataDir(dataDir)).toBe(true);
    const db = await openPglite(dataDir, { templateDir });
    const marker = `select count(*)::int as n from pg_tables where tablename = 'made_from_template'`;
    expect((await db.query<{ n: number }>(marker)).rows[0]?.n).toBe(1);
    await db.query('drop table made_from_template');
    await db.close();

    expect(isNewDataDir(dataDir)).toBe(false);
    const reopened = await openPglite(dataDir, { templateDir });
    expect((await reopened.query<{ n: number }>(marker)).rows[0]?.n).toBe(0);
    await reopened.close();
  });

  it('as the build makes it, migrates like a fresh initdb', async () => {
    const templateDir = path.join(work, 'built');
    await writePgliteTemplate(templateDir);
    const db = await openPglite(path.join(work, 'migrated'), { templateDir });
    try {
      await migrate(db);
      const { rows } = await db.query<{ n: number }>(`select count(*)::int as n from pg_extension where extname = 'pg_trgm'`);
      expect(rows[0]?.n).toBe(1);
    } finally {
      await db.close();
    }
  });

  it("is ignored when it was migrated with other migrations than today's", async () => {
    const templateDir = path.join(work, 'migrated-elsewhere');
    await writePgliteTemplate(templateDir, undefined, { migrated: true });
    expect(await pgliteTemplate(templateDir)).toBe(path.join(templateDir, 'pglite-template'));
    const meta = JSON.parse(await readFile(path.join(templateDir, 'pglite-template.json'), 'utf8')) as Record<string, unknown>;
    await writeFile(path.join(templateDir, 'pglite-template.json'), JSON.stringify({ ...meta, migrations: 'another set' }));
    expect(await pgliteTemplate(templateDir)).toBeUndefined();
  });

  it('is ignored when another PGlite version made it, or when it is missing', async () => {
    const templateDir = path.join(work, 'other-version');
    await writePgliteTemplate(templateDir);
    expect(await pgliteTemplate(templateDir)).toBe(path.join(templateDir, 'pglite-template'));
    await writeFile(path.join(templateDir, 'pglite-template.json'), JSON.stringify({ pglite: '0.0.1' }));
    expect(await pgliteTemplate(templateDir)).toBeUndefined();
    expect(await pgliteTemplate(path.join(work, 'absent'))).toBeUndefined();
  });
});
