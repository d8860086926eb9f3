import { createHash } from 'node:crypto';
import { expect, it } from 'vitest';
import { takeAndDie } from '../../../test/contract/pg-boss-test-bus.ts';
import { describeEachDatabase, suiteDatabase } from '../../../test/support/databases.ts';
import type { OutcomeReport } from '#ingest/jobs/document-outcome';
import type { IngestBus, JobSettlement } from '#ingest/jobs/ingest-bus';
import { startPgBossBus } from './pg-boss-bus.ts';

const LEASE_SECONDS = 3;
const QUICK_RETRY = { retryLimit: 2, retryDelay: 1, retryBackoff: false };
/** Long enough for any lease in these tests to lapse several times over, were it not renewed. */
const SETTLE_BOUND_MS = 60_000;

/** A document id as the store names documents (a SHA-256), so an outcome read back from pg-boss parses. */
const documentIdOf = (name: string): string => createHash('sha256').update(name).digest('hex');
const ORPHANED = documentIdOf('orphaned');
const LONG_PARSE = documentIdOf('long-parse');

const parsed = (documentId: string): OutcomeReport => ({
  type: 'DocumentParsed',
  data: { documentId, format: 'test-csv', parserVersion: 1, rows: 1, events: 1, problems: [], problemCount: 0 },
});

/** The settlement of `jobId`, waiting at most SETTLE_BOUND_MS (then none). */
async function settlementOf(queue: IngestBus, jobId: string): Promise<JobSettlement | undefined> {
  let found: JobSettlement | undefined;
  await queue.waitFor(
    [jobId],
    (settled) => {
      found = settled[0];
    },
    { pollMs: 100, signal: AbortSignal.timeout(SETTLE_BOUND_MS) },
  );
  return found;
}

describeEachDatabase('the pg-boss ingest bus with crashed and slow workers', (database) => {
  const db = suiteDatabase(database);

  it('retries a job whose worker died once its lease lapses, on another worker', async () => {
    const errors: Error[] = [];
    const queue = await startPgBossBus(db(), { onError: (error) => errors.push(error), leaseSeconds: LEASE_SECONDS, retry: QUICK_RETRY });
    try {
      const [jobId] = await queue.enqueue([{ documentId: ORPHANED, priority: 1 }]);
      expect(await takeAndDie(db())).toBe(jobId);
      const ran: string[] = [];
      await queue.work(async (jobs) => {
        ran.push(...jobs.map((job) => job.documentId));
        return jobs.map((job) => parsed(job.documentId));
      });
      expect(await settlementOf(queue, jobId ?? '')).toEqual({ jobId, state: 'completed', outcome: parsed(ORPHANED) });
      expect(ran).toEqual([ORPHANED]);
      expect(errors).toEqual([]);
    } finally {
      await queue.stop();
    }
  });

  it('keeps a job with its worker while the worker parses it, however long past the lease', async () => {
    const ran: string[] = [];
    const slow = await startPgBossBus(db(), { onError: () => undefined, leaseSeconds: LEASE_SECONDS, retry: QUICK_RETRY });
    const idle = await startPgBossBus(db(), { onError: () => undefined, leaseSeconds: LEASE_SECONDS, retry: QUICK_RETRY });
    try {
      const [jobId] = await slow.enqueue([{ documentId: LONG_PARSE, priority: 1 }]);
      const gate = { open: () => undefined as void, taken: () => undefined as void };
      const released = new Promise<void>((resolve) => {
        gate.open = resolve;
      });
      const taken = new Promise<void>((resolve) => {
        gate.taken = resolve;
      });
      await slow.work(async (jobs) => {
        ran.push(...jobs.map((job) => `slow:${job.documentId}`));
        gate.taken();
        await released;
        return jobs.map((job) => parsed(job.documentId));
      });
      // Another worker, ready to take the job over the moment its lease lapses; it starts
      // once the slow worker holds the job, or its first fetch could win the job outright.
      await taken;
      await idle.work(async (jobs) => {
        ran.push(...jobs.map((job) => `idle:${job.documentId}`));
        return jobs.map((job) => parsed(job.documentId));
      });
      // Three leases, with pg-boss's expiry running twice a lease meanwhile.
      await new Promise((resolve) => setTimeout(resolve, 3 * LEASE_SECONDS * 1000));
      gate.open();
      expect(await settlementOf(slow, jobId ?? '')).toEqual({ jobId, state: 'completed', outcome: parsed(LONG_PARSE) });
      expect(ran).toEqual([`slow:${LONG_PARSE}`]);
    } finally {
      await slow.stop();
      await idle.stop();
    }
  });

  it('retries at start the jobs left active, when asked to (the one worker of a PGlite folder)', async () => {
    const first = await startPgBossBus(db(), { onError: () => undefined, retry: QUICK_RETRY });
    const [jobId] = await first.enqueue([{ documentId: 'left-active', priority: 1 }]);
    await first.stop();
    expect(await takeAndDie(db())).toBe(jobId);
    // The default lease is far longer than this test waits: only the retry at start runs the job.
    const restarted = await startPgBossBus(db(), { onError: () => undefined, retry: QUICK_RETRY, retryActiveAtStart: true });
    try {
      const ran: string[] = [];
      await restarted.work(async (jobs) => {
        ran.push(...jobs.map((job) => job.documentId));
        return jobs.map((job) => parsed(job.documentId));
      });
      let settled: JobSettlement | undefined;
      await restarted.waitFor(
        [jobId ?? ''],
        (found) => {
          settled = found[0];
        },
        { pollMs: 100, signal: AbortSignal.timeout(15_000) },
      );
      expect(settled).toMatchObject({ jobId, state: 'completed' });
      expect(ran).toEqual(['left-active']);
    } finally {
      await restarted.stop();
    }
  });
});
