import { watch } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { pglite } from '../../../test/support/databases.ts';
import type { Database } from '#platform/db/db';
import { FIRST_KEY_FILE, issueFirstKey } from './first-key.ts';

let db: Database;
let dir: string;
beforeAll(async () => {
  db = await pglite.open();
  dir = await mkdtemp(path.join(os.tmpdir(), 'imd-first-key-'));
});
afterAll(async () => {
  await db.close();
  await rm(dir, { recursive: true, force: true });
});

it('writes the first key whole: read the moment the file appears, it holds the key', async () => {
  // What a script waiting for the file does: read it as soon as it exists.
  const seen: string[] = [];
  const watcher = watch(dir, (_, name) => {
    if (name !== FIRST_KEY_FILE) return;
    void readFile(path.join(dir, FIRST_KEY_FILE), 'utf8').then(
      (text) => seen.push(text),
      () => undefined,
    );
  });
  try {
    const file = await issueFirstKey(db, dir);
    expect(file).toBe(path.join(dir, FIRST_KEY_FILE));
    await new Promise((resolve) => setTimeout(resolve, 100));
  } finally {
    watcher.close();
  }
  const key = (await readFile(path.join(dir, FIRST_KEY_FILE), 'utf8')).trim();
  expect(key).toMatch(/^\S{20,}$/);
  expect(seen.length).toBeGreaterThan(0);
  expect(seen.map((text) => text.trim())).toEqual(seen.map(() => key));
  expect((await stat(path.join(dir, FIRST_KEY_FILE))).mode & 0o777).toBe(0o600);
  expect(await readdir(dir)).toEqual([FIRST_KEY_FILE]);
});

it('issues no second key once one exists', async () => {
  expect(await issueFirstKey(db, dir)).toBeUndefined();
});
