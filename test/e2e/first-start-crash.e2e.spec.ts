import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { cp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Health, HealthSchema } from '#schemas/api/health';
import { loadConfig } from '#platform/config/config';
import { openDatabase } from '#platform/db-engines/open-database';
import { readStep } from '#platform/db/service-steps';
import { SAMPLE_STEP } from '#runtime/sample-ingest';
import { type RunningService, startService } from '#runtime/start-service';
import { REPO_ROOT } from '../support/parse-input.ts';
import { type StoreDigest, storeDigest } from '../support/store-digest.ts';

const CHILD = fileURLToPath(new URL('../support/first-start-child.ts', import.meta.url));
/** Bounds every wait below: a first start of this sample takes seconds, several times that on a busy machine. */
const WAIT_MS = 120_000;
/** How long a service told to stop (SIGTERM) may take to exit, its sample ingest part way. */
const STOP_MS = 5_000;

const configFor = (dataDir: string, sampleDir: string) =>
  loadConfig({ DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'silent', SAMPLE_DATA_DIR: sampleDir, PUBLIC_RATE_LIMIT_PER_MINUTE: 'off' });

async function healthOf(address: string): Promise<Health | undefined> {
  const response = await fetch(`${address}/health`).catch(() => undefined);
  return response?.status === 200 ? HealthSchema.parse(await response.json()) : undefined;
}

async function until(what: string, probe: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + WAIT_MS;
  while (!(await probe())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** Starts the service in this process on `dataDir`, waits until its first start has settled, and answers the store's digest. */
async function settledStart(dataDir: string, sampleDir: string): Promise<{ service: RunningService; digest: StoreDigest }> {
  const service = await startService(configFor(dataDir, sampleDir), { api: true, projector: true, worker: true });
  await until('the sample ingest has finished and /health is ok', async () => {
    const step = await readStep(service.db, SAMPLE_STEP);
    return step !== undefined && step.finishedAt !== null && (await healthOf(service.address ?? ''))?.status === 'ok';
  });
  return { service, digest: await storeDigest(service.db) };
}

/**
 * The service in a child process on `dataDir`; resolves once it prints `until`: "starting", or
 * "part-way" when its sample ingest is part way (test/support/first-start-child.ts).
 */
async function startChild(dataDir: string, sampleDir: string, until: 'starting' | 'part-way' = 'part-way'): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', CHILD, dataDir, sampleDir], { stdio: ['ignore', 'pipe', 'inherit'] });
  for await (const line of createInterface({ input: child.stdout as NodeJS.ReadableStream })) {
    if (line === until) return child;
  }
  throw new Error(`the child exited before it printed ${until}`);
}

/** The child's exit code once it exits, or what it was doing `ms` after it was told to stop. */
function exitWithin(child: ChildProcess, ms: number): Promise<number | null | string> {
  const exited = once(child, 'exit').then(([code, signal]) => (signal ? `killed by ${String(signal)}` : (code as number | null)));
  const stillRunning = new Promise<string>((resolve) => setTimeout(() => resolve(`still running ${ms} ms after SIGTERM`), ms).unref());
  return Promise.race([exited, stillRunning]);
}

/** Part of the bundled sample: master lists, results listings with two companies' XBRL filings, shareholding summaries. */
const SAMPLE_PARTS = ['master', 'results/index', 'results/xbrl/acc', 'results/xbrl/tcs', 'shareholding'];

describe('npm start killed (SIGKILL) or stopped (SIGTERM) during its first sample ingest, then started again (PGlite)', () => {
  const root = path.join(tmpdir(), `imd-first-start-crash-${randomUUID()}`);
  const sampleDir = path.join(root, 'sample');
  const cleanDir = path.join(root, 'clean');
  const crashedDir = path.join(root, 'crashed');
  const stoppedDir = path.join(root, 'stopped');
  const startingDir = path.join(root, 'starting');
  let clean: StoreDigest | undefined;
  const children: ChildProcess[] = [];
  const restarted: RunningService[] = [];
  beforeAll(async () => {
    for (const part of SAMPLE_PARTS) await cp(path.join(REPO_ROOT, 'sample-data', part), path.join(sampleDir, part), { recursive: true });
  });
  afterAll(async () => {
    for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    for (const service of restarted) await service.stop();
    await rm(root, { recursive: true, force: true });
  });

  it('a clean first start ingests the sample', { timeout: WAIT_MS + 30_000 }, async () => {
    const { service, digest } = await settledStart(cleanDir, sampleDir);
    await service.stop();
    expect(digest.facts).toBeGreaterThan(0);
    clean = digest;
  });

  it('after the kill and a restart, the store equals the clean first start', { timeout: 2 * WAIT_MS + 30_000 }, async () => {
    const child = await startChild(crashedDir, sampleDir);
    children.push(child);
    const exited = once(child, 'exit');
    child.kill('SIGKILL');
    await exited;

    // Killed part way: the sample step is recorded as begun, not finished, and the store is short of the clean one.
    const killed = await openDatabase(configFor(crashedDir, sampleDir));
    try {
      expect((await readStep(killed, SAMPLE_STEP))?.finishedAt).toBeNull();
      const partial = await storeDigest(killed);
      expect(partial.rawDocuments + partial.facts).toBeLessThan((clean?.rawDocuments ?? 0) + (clean?.facts ?? 0));
    } finally {
      await killed.close();
    }

    const again = await settledStart(crashedDir, sampleDir);
    restarted.push(again.service);
    expect(again.digest).toEqual(clean);
    expect(await healthOf(again.service.address ?? '')).toMatchObject({
      status: 'ok',
      documents: { queued: 0, inFlight: 0, sample: 'done' },
    });
  });

  it(
    'stopped part way, it exits 0 within 5 s, and a restart completes the sample as a clean first start does',
    { timeout: 2 * WAIT_MS + 30_000 },
    async () => {
      const child = await startChild(stoppedDir, sampleDir);
      children.push(child);
      child.kill('SIGTERM');
      expect(await exitWithin(child, STOP_MS)).toBe(0);

      // Stopped part way: the sample step is begun, not finished, in a database that opens again.
      const stopped = await openDatabase(configFor(stoppedDir, sampleDir));
      try {
        expect((await readStep(stopped, SAMPLE_STEP))?.finishedAt).toBeNull();
      } finally {
        await stopped.close();
      }

      const again = await settledStart(stoppedDir, sampleDir);
      restarted.push(again.service);
      expect(again.digest).toEqual(clean);
    },
  );

  it('stopped while it starts, it stops once started and exits 0, the folder closed', { timeout: WAIT_MS + 30_000 }, async () => {
    const child = await startChild(startingDir, sampleDir, 'starting');
    children.push(child);
    child.kill('SIGTERM');
    expect(await exitWithin(child, WAIT_MS)).toBe(0);
    const stopped = await openDatabase(configFor(startingDir, sampleDir));
    await stopped.close();
  });
});
