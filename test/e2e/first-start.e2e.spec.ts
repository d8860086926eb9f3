import { randomUUID } from 'node:crypto';
import { cp, mkdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { listFacts } from '../../projections/facts/queries.ts';
import { loadConfig } from '../../src/config.ts';
import { companyIdFromIsin } from '../../src/ingest/company-lookup.ts';
import { type RunningService, startService } from '../../src/runtime/start-service.ts';
import { REPO_ROOT } from '../support/parse-input.ts';

const ACC = companyIdFromIsin('INE012A01025');

async function until<T>(probe: () => Promise<T | undefined>, timeoutMs = 45_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

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
  const eventCount = async (s: RunningService) => (await s.db.query<{ n: number }>('select count(*)::int8 as n from es_events')).rows[0]?.n ?? 0;

  it('ingests the sample data in the background and projects it', async () => {
    await mkdir(sampleDir, { recursive: true });
    await cp(path.join(REPO_ROOT, 'fixtures/nse-results-listing/acc.json'), path.join(sampleDir, 'acc.json'));
    await cp(path.join(REPO_ROOT, 'fixtures/nse-results-xbrl/INDAS_117817_1362652_28012025115046.xml'), path.join(sampleDir, 'INDAS_117817_1362652_28012025115046.xml'));
    service = await start();
    const running = service;
    const [revenue] = await until(async () => {
      const facts = await listFacts(running.db, { companyId: ACC, concepts: ['Revenue'], period: 'quarterly', limit: 1 });
      return facts.length > 0 ? facts : undefined;
    });
    expect(revenue).toMatchObject({ value: '52072900000', known_at: '2025-01-28T06:20:59.000Z' });
  });

  it('does not ingest the sample folder again when the store is not empty', async () => {
    const before = await eventCount(service as RunningService);
    await service?.stop();
    // A file added to the sample folder since would be stored, were the folder ingested again.
    await cp(path.join(REPO_ROOT, 'fixtures/nse-results-xbrl/INDAS_118350_1367750_31012025064516.xml'), path.join(sampleDir, 'INDAS_118350_1367750_31012025064516.xml'));
    service = await start();
    // Give a sample ingestion, were one started, the time the first one took to land.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(await eventCount(service)).toBe(before);
  });
});
