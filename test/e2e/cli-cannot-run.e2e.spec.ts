import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lockDataDir } from '#platform/db-engines/data-dir-lock';
import { REPO_ROOT } from '../support/parse-input.ts';
import { closedPort } from '../support/closed-port.ts';

interface Outcome {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs an npm script as a user types it, and what it printed and exited with, success or not. */
const npm = (args: readonly string[], env: Record<string, string>) =>
  new Promise<Outcome>((resolve) => {
    execFile(
      'npm',
      [...args],
      { cwd: REPO_ROOT, env: { ...process.env, LOG_LEVEL: 'warn', ...env }, timeout: 60_000 },
      (error, stdout, stderr) => resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr }),
    );
  });

/** One sentence on stderr, nothing on stdout, no stack trace, a failing exit code. */
function expectOneSentence(outcome: Outcome, pattern: RegExp): void {
  expect(outcome.code, outcome.stderr).not.toBe(0);
  expect(outcome.stdout).toBe('');
  expect(outcome.stderr.trim().split('\n'), outcome.stderr).toHaveLength(1);
  expect(outcome.stderr).not.toMatch(/^\s+at /m);
  expect(outcome.stderr).toMatch(pattern);
}

describe('commands a newcomer runs say in one sentence why they cannot run, and exit non-zero', () => {
  let root = '';
  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'imd-cannot-run-'));
  });
  afterAll(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it('npm run -s mcp:session with no service running', async () => {
    const url = `http://127.0.0.1:${await closedPort()}/mcp/`;
    const outcome = await npm(['run', '-s', 'mcp:session', '--', '--url', url, '--key', 'imd_anything'], {});
    expectOneSentence(outcome, new RegExp(`cannot reach the MCP endpoint at ${url}: .*connection refused.*npm start`));
  }, 90_000);

  it('npm run -s mcp:session with no key given and no first-key file', async () => {
    const dataDir = path.join(root, 'never-started');
    const outcome = await npm(['run', '-s', 'mcp:session'], { DATA_DIR: dataDir, IMD_API_KEY: '' });
    expectOneSentence(outcome, new RegExp(`no API key: ${path.join(dataDir, 'first-api-key')} does not exist.*--key`));
  }, 90_000);

  it('npm run projections -- status with the database server unreachable', async () => {
    const url = `postgres://postgres:secret@127.0.0.1:${await closedPort()}/imd`;
    const outcome = await npm(['run', '-s', 'projections', '--', 'status'], { DATABASE_URL: url });
    expectOneSentence(outcome, /cannot open the database at postgres:\/\/postgres:\*\*\*@127\.0\.0\.1:\d+\/imd: .*connection refused/);
    expect(outcome.stderr).not.toContain('secret');
  }, 90_000);

  it('npm run projections -- status while a service holds the embedded database', async () => {
    const dataDir = path.join(root, 'held');
    const pglite = path.join(dataDir, 'pglite');
    await mkdir(pglite, { recursive: true });
    // This process stands in for `npm start`, which holds the folder's lock while it runs.
    const unlock = await lockDataDir(pglite);
    try {
      const outcome = await npm(['run', '-s', 'projections', '--', 'status'], { DATABASE_URL: '', DATA_DIR: dataDir });
      expectOneSentence(outcome, new RegExp(`in use by process ${process.pid}.*stop \`npm start\`.*GET /health`));
    } finally {
      await unlock();
    }
  }, 90_000);
});
