import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite } from './pglite.ts';

const settingsOf = async (dir: string, sharedBuffers?: string) => {
  const db = await openPglite(dir, { sharedBuffers });
  try {
    const { rows } = await db.query<{ name: string; setting: string }>(
      `select name, current_setting(name) as setting from unnest($1::text[]) as name order by name`,
      [['default_text_search_config', 'max_connections', 'shared_buffers']],
    );
    return Object.fromEntries(rows.map((row) => [row.name, row.setting]));
  } finally {
    await db.close();
  }
};

describe('embedded PGlite settings', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'pglite-settings-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it("starts with an 8MB buffer cache and the folder's own postgresql.conf left as initdb wrote it", async () => {
    expect(await settingsOf(dir)).toEqual({
      default_text_search_config: 'pg_catalog.english',
      max_connections: '8',
      shared_buffers: '8MB',
    });
    const conf = await readFile(path.join(dir, 'postgresql.conf'), 'utf8');
    expect(conf).toMatch(/^default_text_search_config = 'pg_catalog.english'/m);
    expect(conf).toMatch(/^shared_buffers = 128MB/m);
  });

  it('takes the buffer cache it is given, at the next start of the same folder', async () => {
    expect((await settingsOf(dir, '48MB')).shared_buffers).toBe('48MB');
    expect((await settingsOf(dir)).shared_buffers).toBe('8MB');
  });
});
