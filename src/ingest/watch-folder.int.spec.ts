import { existsSync } from 'node:fs';
import { mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { watchFolder } from '#ingest/watch-folder';

describe('watchFolder', () => {
  const dirs: string[] = [];
  afterAll(() => Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true }))));

  it('hands files dropped together to one batch, and removes them once handled', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'imd-watch-'));
    dirs.push(dir);
    const batches: string[][] = [];
    const watch = watchFolder(dir, async (paths) => void batches.push(paths.map((p) => path.basename(p)).sort()), {
      quietMs: 300,
      removeAfter: true,
      onError: (error) => {
        throw error;
      },
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    await writeFile(path.join(dir, 'listing.json'), '[]');
    await writeFile(path.join(dir, 'filing.xml'), '<x/>');
    await writeFile(path.join(dir, 'NOTES.md'), 'not data');
    const deadline = Date.now() + 10_000;
    while (batches.length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    await watch.close();
    expect(batches).toEqual([['filing.xml', 'listing.json']]);
    expect(existsSync(path.join(dir, 'filing.xml'))).toBe(false);
    expect(existsSync(path.join(dir, 'NOTES.md'))).toBe(true);
  });

  it('hands over a link as itself, never the files of the folder it points at, and removes only the link', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'imd-watch-'));
    const outside = await mkdtemp(path.join(tmpdir(), 'imd-outside-'));
    dirs.push(dir, outside);
    await writeFile(path.join(outside, 'inner.csv'), 'not to be read');
    const batches: string[][] = [];
    const watch = watchFolder(dir, async (paths) => void batches.push(paths.map((p) => path.relative(dir, p)).sort()), {
      quietMs: 300,
      removeAfter: true,
      onError: (error) => {
        throw error;
      },
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    await symlink(outside, path.join(dir, 'linked'));
    const deadline = Date.now() + 10_000;
    while (batches.length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    await watch.close();
    expect(batches).toEqual([['linked']]);
    expect(existsSync(path.join(dir, 'linked'))).toBe(false);
    expect(existsSync(path.join(outside, 'inner.csv'))).toBe(true);
  });

  it('keeps the files of a batch that failed', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'imd-watch-'));
    dirs.push(dir);
    const errors: unknown[] = [];
    const watch = watchFolder(dir, () => Promise.reject(new Error('database down')), {
      quietMs: 200,
      removeAfter: true,
      onError: (error) => errors.push(error),
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    await writeFile(path.join(dir, 'filing.xml'), '<x/>');
    const deadline = Date.now() + 10_000;
    while (errors.length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    await watch.close();
    expect(errors).toHaveLength(1);
    expect(existsSync(path.join(dir, 'filing.xml'))).toBe(true);
  });
});
