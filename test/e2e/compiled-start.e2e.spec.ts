import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { distState } from '../../scripts/dist-freshness.mjs';
import { REPO_ROOT } from '../support/parse-input.ts';
import { until } from '../support/until.ts';

const state = distState(REPO_ROOT);
const name = 'npm start runs the compiled JavaScript (dist/, built by npm install)';
const suite = state === 'fresh' ? describe : describe.skip;

suite(state === 'fresh' ? name : `${name} [skipped: dist/ is ${state}: npm run build]`, () => {
  let dataDir: string | undefined;
  let child: ChildProcess | undefined;
  afterAll(async () => {
    if (child && child.exitCode === null) {
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      await exited;
    }
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('from the launcher, on a new data folder copied from the empty cluster the build made, and answers', async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'imd-compiled-start-'));
    const port = 20_000 + Math.floor(Math.random() * 20_000);
    let stderr = '';
    child = spawn(process.execPath, ['scripts/start.mjs', 'services/standalone/main.ts'], {
      cwd: REPO_ROOT,
      env: { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: 'warn', INGEST_SAMPLE: 'false' },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    // The API listens before the projector's first step: on a loaded machine the first
    // answers say `degraded` (projections not live yet) until it has run.
    const health = await until(
      () =>
        fetch(`http://127.0.0.1:${port}/health`).then(
          async (response) => {
            const body = response.ok ? ((await response.json()) as { database: string; status: string }) : undefined;
            return body?.status === 'ok' ? body : undefined;
          },
          () => undefined,
        ),
      60_000,
    );
    expect(health).toMatchObject({ database: 'pglite', status: 'ok' });
    expect(stderr).not.toMatch(/running the TypeScript sources/);
    expect(existsSync(path.join(dataDir, 'pglite', 'PG_VERSION'))).toBe(true);
    expect(existsSync(path.join(REPO_ROOT, 'dist', 'pglite-template', 'PG_VERSION'))).toBe(true);
  });
});
