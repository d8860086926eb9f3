import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { cp, mkdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { listFacts } from '#projections/facts/queries';
import { FIRST_KEY_FILE } from '#serve/access/first-key';
import { loadConfig } from '#platform/config/config';
import { companyIdFromIsin } from '#ingest/shared/parser/company-lookup';
import { readStep } from '#platform/db/service-steps';
import { SAMPLE_STEP } from '#runtime/sample-ingest';
import { type RunningService, startService } from '#runtime/start-service';
import { REPO_ROOT } from '../support/parse-input.ts';
import { until } from '../support/until.ts';

const ACC = companyIdFromIsin('INE012A01025');
const run = promisify(execFile);

describe('npm start on an empty store (PGlite)', () => {
  const root = path.join(tmpdir(), `imd-first-start-${randomUUID()}`);
  const dataDir = path.join(root, 'data');
  const sampleDir = path.join(root, 'sample');
  let service: RunningService | undefined;
  afterAll(async () => {
    await service?.stop();
    await rm(root, { recursive: true, force: true });
  });

  const start = () =>
    startService(loadConfig({ DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'silent', SAMPLE_DATA_DIR: sampleDir }), {
      api: true,
      projector: true,
      worker: true,
    });
  const eventCount = async (s: RunningService) =>
    (await s.db.query<{ n: number }>('select count(*)::int8 as n from es_events')).rows[0]?.n ?? 0;

  it('ingests the sample data in the background and projects it', async () => {
    await mkdir(sampleDir, { recursive: true });
    await cp(path.join(REPO_ROOT, 'fixtures/nse-results-listing/acc.json'), path.join(sampleDir, 'acc.json'));
    await cp(
      path.join(REPO_ROOT, 'fixtures/nse-results-xbrl/INDAS_117817_1362652_28012025115046.xml'),
      path.join(sampleDir, 'INDAS_117817_1362652_28012025115046.xml'),
    );
    service = await start();
    const running = service;
    const [revenue] = await until(async () => {
      const facts = await listFacts(running.db, { companyId: ACC, concepts: ['Revenue'], period: 'quarterly', limit: 1 });
      return facts.length > 0 ? facts : undefined;
    });
    expect(revenue).toMatchObject({ value: '52072900000', known_at: '2025-01-28T06:20:59.000Z' });
    // The first start's sample step is recorded finished once every file has its outcome.
    expect(await until(async () => (await readStep(running.db, SAMPLE_STEP))?.finishedAt ?? undefined)).toBeInstanceOf(Date);
  });

  it('does not ingest the sample folder again once the first start has ingested it', async () => {
    const before = await eventCount(service as RunningService);
    await service?.stop();
    // A file added to the sample folder since would be stored, were the folder ingested again.
    await cp(
      path.join(REPO_ROOT, 'fixtures/nse-results-xbrl/INDAS_118350_1367750_31012025064516.xml'),
      path.join(sampleDir, 'INDAS_118350_1367750_31012025064516.xml'),
    );
    service = await start();
    // Give a sample ingestion, were one started, the time the first one took to land.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(await eventCount(service)).toBe(before);
  });

  it('writes a first API key to the data folder once, which the API accepts', async () => {
    const running = service as RunningService;
    const key = (await readFile(path.join(dataDir, FIRST_KEY_FILE), 'utf8')).trim();
    expect(key).toMatch(/^imd_[A-Za-z0-9_-]{43}$/);
    if (process.platform !== 'win32') expect((await stat(path.join(dataDir, FIRST_KEY_FILE))).mode & 0o777).toBe(0o600);
    const url = `${running.address}/v1/financials?ticker=ACC&concept=Revenue&limit=1`;
    expect((await fetch(url)).status).toBe(401);
    const response = await fetch(url, { headers: { 'x-api-key': key } });
    expect(response.status).toBe(200);
    expect(response.headers.get('ratelimit-limit')).toBe('600');
    // The restart above kept the key: a store with a key gets no second one.
    const { rows } = await running.db.query<{ n: number }>('select count(*)::int8 as n from api_keys');
    expect(rows[0]?.n).toBe(1);
  });

  it("is where the README's command reads it when DATA_DIR is set", async () => {
    const written = (await readFile(path.join(dataDir, FIRST_KEY_FILE), 'utf8')).trim();
    const readme = await readFile(path.join(REPO_ROOT, 'README.md'), 'utf8');
    const [line] = readme.match(/^KEY=\$\(cat .*first-api-key.*\)$/m) ?? [];
    expect(line, 'the README shows how to read the first key into KEY').toBeDefined();
    // Run from elsewhere, so a data/ folder in the checkout cannot stand in for DATA_DIR.
    const { stdout } = await run('bash', ['-c', `${line ?? ''}; printf %s "$KEY"`], {
      cwd: root,
      env: { ...process.env, DATA_DIR: dataDir },
    });
    expect(stdout).toBe(written);
  });
});
