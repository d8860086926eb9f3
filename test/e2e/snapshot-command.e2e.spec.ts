import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cp, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { SnapshotManifestSchema } from '#schemas/read-models/snapshot';
import { REPO_ROOT } from '../support/parse-input.ts';
import { queryParquet } from '../support/parquet-rows.ts';
import type { SampleTemplate } from '../support/sample-template.ts';

const run = promisify(execFile);
const AS_OF = '2025-01-29T00:00:00Z';

/** `npm run -s snapshot -- …` on the data folder `dataDir`: its exit code and output. */
async function snapshot(dataDir: string, args: readonly string[]): Promise<{ code: number; output: string }> {
  try {
    const { stdout, stderr } = await run('npm', ['run', '-s', 'snapshot', '--', ...args], {
      cwd: REPO_ROOT,
      env: { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
      timeout: 240_000,
    });
    return { code: 0, output: `${stdout}${stderr}` };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? -1, output: `${failed.stdout ?? ''}${failed.stderr ?? ''}` };
  }
}

describe('npm run snapshot, as package.json starts it, on the sample in PGlite', () => {
  let root = '';
  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'imd-snapshot-command-'));
    // The run's ingested sample, as the data folder of a stopped service.
    const template: SampleTemplate = inject('sampleTemplate');
    await cp(template.pgliteDir, path.join(root, 'data', 'pglite'), { recursive: true });
  }, 120_000);
  afterAll(async () => {
    if (root) await rm(root, { recursive: true, force: true });
  });

  it('writes the datasets asked for as of the time given, with a manifest that matches the files', async () => {
    const out = path.join(root, 'out');
    const args = ['--as-of', AS_OF, '--out', out, '--datasets', 'facts,corporate_actions'];
    const { code, output } = await snapshot(path.join(root, 'data'), args);
    expect(code, output).toBe(0);
    expect(output).toMatch(/facts\.parquet: [\d,]+ rows/);
    const manifest = SnapshotManifestSchema.parse(JSON.parse(await readFile(path.join(out, 'manifest.json'), 'utf8')));
    expect(manifest).toMatchObject({ as_of: '2025-01-29T00:00:00.000Z', datasets: ['facts', 'corporate_actions'], arguments: args });
    expect(manifest.service.version).toBe(
      (JSON.parse(await readFile(path.join(REPO_ROOT, 'package.json'), 'utf8')) as { version: string }).version,
    );
    expect(Date.parse(manifest.recorded_as_of)).toBeGreaterThan(Date.parse(AS_OF));
    for (const file of manifest.files) {
      const at = path.join(out, file.file);
      expect(
        createHash('sha256')
          .update(await readFile(at))
          .digest('hex'),
      ).toBe(file.sha256);
      const [read] = await queryParquet(
        `select count(*)::int as n, max(known_at) <= '${AS_OF}'::timestamptz as known from read_parquet('${at}')`,
      );
      expect(read).toEqual({ n: file.rows, known: true });
    }
  }, 300_000);

  it('refuses an unknown dataset with exit status 2 and says which', async () => {
    const { code, output } = await snapshot(path.join(root, 'data'), [
      '--as-of',
      AS_OF,
      '--out',
      path.join(root, 'x'),
      '--datasets',
      'facts,trades',
    ]);
    expect(code).toBe(2);
    expect(output).toMatch(/unknown dataset 'trades'; known: companies, facts, metrics, prices, shareholding, corporate_actions/);
  }, 60_000);
});
