import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { describePostgres, suiteDatabase } from '../../../test/support/databases.ts';
import { openDatabase } from '#platform/db-engines/open-database';
import { authenticate } from './authenticate.ts';

const ROOT = new URL('../../../', import.meta.url).pathname;
const run = promisify(execFile);

/** `npx tsx services/keys/main.ts ...` with the given database settings; never throws. */
async function keysCli(args: string[], env: Record<string, string>) {
  try {
    const { stdout, stderr } = await run('npx', ['tsx', 'services/keys/main.ts', ...args], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: '', DATA_DIR: '', ...env },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

const ONE_KEY_LINE = /^imd_[A-Za-z0-9_-]{43}\n$/;

describe('npm run keys on PGlite', () => {
  const dataDir = path.join(tmpdir(), `imd-keys-cli-${randomUUID()}`);
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('creates a key, printing only the key, which then authenticates; list and revoke work', async () => {
    const created = await keysCli(['create', '--name', 'x', '--scopes', 'read,admin'], { DATA_DIR: dataDir });
    expect(created.code, created.stderr).toBe(0);
    expect(created.stdout).toMatch(ONE_KEY_LINE);
    const key = created.stdout.trim();

    const listed = await keysCli(['list'], { DATA_DIR: dataDir });
    expect(listed.code).toBe(0);
    const [line] = listed.stdout.trim().split('\n');
    const [id, prefix, workspace, name, scopes] = (line ?? '').split('\t');
    expect({ prefix, workspace, name, scopes }).toEqual({
      prefix: key.slice(0, 12),
      workspace: 'default',
      name: 'x',
      scopes: 'read,admin',
    });
    expect(listed.stdout).not.toContain(key);

    const db = await openDatabase({ dataDir });
    try {
      expect(await authenticate(db, key)).toMatchObject({ id, name: 'x' });
    } finally {
      await db.close();
    }

    const revoked = await keysCli(['revoke', id ?? ''], { DATA_DIR: dataDir });
    expect(revoked.code).toBe(0);
    expect(revoked.stdout).toContain('revoked');
    const again = await openDatabase({ dataDir });
    try {
      expect(await authenticate(again, key)).toBeUndefined();
    } finally {
      await again.close();
    }
  });

  it('explains what to do when a running service holds the data folder', async () => {
    const busyDir = path.join(tmpdir(), `imd-keys-cli-busy-${randomUUID()}`);
    await mkdir(path.join(busyDir, 'pglite'), { recursive: true });
    // This test process stands in for a running `npm start`.
    await writeFile(path.join(busyDir, 'pglite', 'pglite.lock'), String(process.pid));
    try {
      const result = await keysCli(['create', '--name', 'x'], { DATA_DIR: busyDir });
      expect(result.code).toBe(1);
      expect(result.stdout).toBe('');
      expect(result.stderr).toContain(`in use by process ${process.pid}`);
      expect(result.stderr).toContain('stop `npm start`');
    } finally {
      await rm(busyDir, { recursive: true, force: true });
    }
  });

  it('reports usage errors and unknown scopes on stderr with a non-zero exit', async () => {
    const noName = await keysCli(['create'], { DATA_DIR: dataDir });
    expect(noName).toMatchObject({ code: 2, stdout: '' });
    expect(noName.stderr).toContain('usage: npm run keys');
    const badScope = await keysCli(['create', '--name', 'x', '--scopes', 'write'], { DATA_DIR: dataDir });
    expect(badScope).toMatchObject({ code: 1, stdout: '' });
    expect(badScope.stderr).toContain('unknown scope write');
  });
});

describePostgres('npm run keys on a PostgreSQL server', (database) => {
  const db = suiteDatabase(database);

  it('creates a key through DATABASE_URL that authenticates', async () => {
    const created = await keysCli(['create', '--name', 'x', '--workspace', 'research'], { DATABASE_URL: db().url ?? '' });
    expect(created.code, created.stderr).toBe(0);
    expect(created.stdout).toMatch(ONE_KEY_LINE);
    expect(await authenticate(db(), created.stdout.trim())).toMatchObject({ name: 'x', workspace: { name: 'research' } });
  });
});
