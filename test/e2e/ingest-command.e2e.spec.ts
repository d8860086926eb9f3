import { execFile } from 'node:child_process';
import { cp, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../support/parse-input.ts';

const run = promisify(execFile);

describe('npm run ingest, as package.json starts it (its Node flags included), on PGlite', () => {
  let root: string | undefined;
  afterAll(async () => {
    if (root) await rm(root, { recursive: true, force: true });
  });

  it('parses every file in its parse threads and projects the facts', async () => {
    root = await mkdtemp(path.join(tmpdir(), 'imd-ingest-command-'));
    const inputs = path.join(root, 'inputs');
    await mkdir(inputs);
    await cp(path.join(REPO_ROOT, 'fixtures/nse-results-listing/acc.json'), path.join(inputs, 'acc.json'));
    await cp(
      path.join(REPO_ROOT, 'fixtures/nse-results-xbrl/INDAS_117817_1362652_28012025115046.xml'),
      path.join(inputs, 'INDAS_117817_1362652_28012025115046.xml'),
    );
    const { stdout, stderr } = await run('npm', ['run', '-s', 'ingest', '--', inputs], {
      cwd: REPO_ROOT,
      env: { ...process.env, DATABASE_URL: '', DATA_DIR: path.join(root, 'data'), INGEST_PARSE_THREADS: '2', LOG_LEVEL: 'warn' },
      timeout: 120_000,
    });
    expect(`${stdout}${stderr}`).toMatch(/2 files in [\d.]+ s: 2 parsed, 0 rejected, 0 failed/);
  }, 150_000);

  it('npm run reparse on a folder a running process holds says so in one line, without a stack, and exits 1', async () => {
    const data = await mkdtemp(path.join(tmpdir(), 'imd-reparse-held-'));
    try {
      // The lock the service writes (data-dir-lock.ts), naming a process that runs: this one.
      await mkdir(path.join(data, 'pglite'));
      await writeFile(path.join(data, 'pglite', 'pglite.lock'), String(process.pid));
      const failed = await run('npm', ['run', '-s', 'reparse'], {
        cwd: REPO_ROOT,
        env: { ...process.env, DATABASE_URL: '', DATA_DIR: data, LOG_LEVEL: 'warn' },
        timeout: 60_000,
      }).then(
        () => undefined,
        (error: { code: number; stderr: string }) => error,
      );
      expect(failed?.code).toBe(1);
      expect(failed?.stderr.trim()).toMatch(new RegExp(`^npm run reparse: .*process ${process.pid}.*stopped\\.$`));
      expect(failed?.stderr).not.toMatch(/\n\s+at /);
    } finally {
      await rm(data, { recursive: true, force: true });
    }
  }, 90_000);
});
