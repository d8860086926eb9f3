import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PROJECTIONS } from '#projections';
import { parserRegistry } from '#ingest/formats/all-parsers/all-parsers';
import type { IngestBus, IngestJob, JobSettlement } from '#ingest/jobs/ingest-bus';
import type { OutcomeReport } from '#ingest/jobs/document-outcome';
import { ingestInputs } from '#ingest/pipeline/ingest-inputs';
import { readInputs } from '#ingest/sources/read-inputs';
import { catchUp } from '#platform/projector/catch-up';
import { contextProvidersFor } from '#runtime/context-providers';
import { startIngestion } from '#runtime/ingestion';
import type { OpenedTestDatabase, TestDatabase } from '../support/databases.ts';
import { REPO_ROOT } from '../support/parse-input.ts';
import { type Harness, openHarness } from '../support/service-harness.ts';

/** How fast the buses under test give up on a silent worker, and how often they retry. */
export interface BusPolicy {
  readonly leaseSeconds: number;
  /** Runs after the first failure before a job is dead-lettered. */
  readonly retryLimit: number;
}

/** One started bus of an adapter, with what only the adapter can do: crash a worker, list dead letters. */
export interface BusUnderTest {
  readonly bus: IngestBus;
  /** A worker of the bus takes the next job and dies holding it (nothing completes, fails or commits it): the job's id. */
  readonly takeAndDie: () => Promise<string | undefined>;
  /** The document ids of the jobs dead-lettered so far. */
  readonly deadLetters: () => Promise<readonly string[]>;
}

export interface BusAdapter {
  /** Names the suite: the adapter and where it runs. */
  readonly name: string;
  /** Set when the adapter's server is not reachable: the suite is reported skipped with it in its name. */
  readonly skipReason?: string | undefined;
  /** The database the suite's ingestion (raw documents, events) and pg-boss run on. */
  readonly database: TestDatabase;
  /** A bus on its own queue or topic, so cases do not see each other's jobs. */
  start(db: OpenedTestDatabase, policy: BusPolicy, onError: (error: Error) => void): Promise<BusUnderTest>;
}

const POLICY: BusPolicy = { leaseSeconds: 3, retryLimit: 1 };
const SETTLE_BOUND_MS = 60_000;

const parsed = (documentId: string): OutcomeReport => ({
  type: 'DocumentParsed',
  data: { documentId, format: 'test-csv', parserVersion: 1, rows: 1, events: 1, problems: [], problemCount: 0 },
});

/** Every settlement of `jobIds`, keyed by job id, once all have settled (or the bound passed). */
async function settlementsOf(bus: IngestBus, jobIds: readonly string[]): Promise<Map<string, JobSettlement>> {
  const found = new Map<string, JobSettlement>();
  await bus.waitFor(
    jobIds,
    (settled) => {
      for (const s of settled) found.set(s.jobId, s);
    },
    { pollMs: 100, signal: AbortSignal.timeout(SETTLE_BOUND_MS) },
  );
  return found;
}

/** A handler that records what it ran (`solo` for batches of one) and fails every batch holding a poisoned document. */
function recordingHandler(poisoned: ReadonlySet<string> = new Set()) {
  const ran: string[] = [];
  const solo: string[] = [];
  const handler = (jobs: readonly IngestJob[]) => {
    const ids = jobs.map((job) => job.documentId);
    ran.push(...ids);
    if (jobs.length === 1) solo.push(...ids);
    if (ids.some((id) => poisoned.has(id))) return Promise.reject(new Error('poisoned document'));
    return Promise.resolve(ids.map(parsed));
  };
  return { ran, solo, handler };
}

/**
 * The behaviour every ingestion bus must show: at-least-once delivery, delivery again after
 * a worker died holding a job, retries then a dead letter for a job that keeps failing
 * without taking its batch with it, and no document parsed twice into different events
 * (real ingestion through the bus, a document parsed again and delivered twice).
 */
export function describeIngestBusContract(adapter: BusAdapter): void {
  if (adapter.skipReason) {
    describe.skip(`ingest bus contract [${adapter.name}: skipped, ${adapter.skipReason}]`, () => {
      it('delivers, redelivers after a crash, dead-letters, and parses no document into different events', () => undefined);
    });
    return;
  }
  describe(`ingest bus contract [${adapter.name}]`, () => {
    let db: OpenedTestDatabase;
    const started: BusUnderTest[] = [];
    const errors: Error[] = [];
    const start = async () => {
      const underTest = await adapter.start(db, POLICY, (error) => errors.push(error));
      started.push(underTest);
      return underTest;
    };
    beforeAll(async () => {
      db = await adapter.database.open();
    });
    afterEach(async () => {
      while (started.length > 0) await started.pop()?.bus.stop();
    });
    afterAll(async () => {
      await db?.close();
    });

    it('delivers every job at least once and reports the outcome of each, as its worker answered it', async () => {
      const { bus } = await start();
      const documents = Array.from({ length: 12 }, (_, i) => `doc-${i}-${randomUUID()}`);
      const jobIds = await bus.enqueue(documents.map((documentId, i) => ({ documentId, priority: i % 3, key: `company-${i % 4}` })));
      expect(new Set(jobIds).size).toBe(12);
      const { ran, handler } = recordingHandler();
      await bus.work(handler, { workers: 2, batchSize: 3 });
      const settled = await settlementsOf(bus, jobIds);
      expect(documents.filter((d) => !ran.includes(d))).toEqual([]);
      jobIds.forEach((jobId, i) => expect(settled.get(jobId)).toEqual({ jobId, state: 'completed', outcome: parsed(documents[i] ?? '') }));
      expect(await bus.pending()).toEqual({ queued: 0, inFlight: 0 });
    });

    it('counts the jobs no worker has settled yet', async () => {
      const { bus } = await start();
      const jobIds = await bus.enqueue([
        { documentId: `waiting-a-${randomUUID()}`, priority: 1 },
        { documentId: `waiting-b-${randomUUID()}`, priority: 1 },
      ]);
      expect((await bus.pending()).queued).toBe(2);
      await bus.work(recordingHandler().handler);
      await settlementsOf(bus, jobIds);
      expect(await bus.pending()).toEqual({ queued: 0, inFlight: 0 });
    });

    it('retries only the job that fails, not the documents of its batch, and dead-letters it after its retries, telling its worker the last error', async () => {
      const { bus, deadLetters } = await start();
      const poison = `poison-${randomUUID()}`;
      const good = [`good-a-${randomUUID()}`, `good-b-${randomUUID()}`];
      const jobIds = await bus.enqueue([good[0], poison, good[1]].map((documentId) => ({ documentId: documentId ?? '', priority: 1 })));
      const { solo, handler } = recordingHandler(new Set([poison]));
      const heard: Array<[string, string]> = [];
      const onDeadLetter = (job: IngestJob, error: Error) => {
        heard.push([job.documentId, error.message]);
        return Promise.resolve();
      };
      await bus.work(handler, { batchSize: 3, onDeadLetter });
      const settled = await settlementsOf(bus, jobIds);
      // Told of the dead letter, with the last attempt's error, before the job settled.
      expect(heard).toEqual([[poison, 'poisoned document']]);
      expect(settled.get(jobIds[0] ?? '')).toMatchObject({ state: 'completed', outcome: parsed(good[0] ?? '') });
      expect(settled.get(jobIds[2] ?? '')).toMatchObject({ state: 'completed', outcome: parsed(good[1] ?? '') });
      expect(settled.get(jobIds[1] ?? '')).toEqual({ jobId: jobIds[1], state: 'failed' });
      expect(solo.filter((d) => d === poison)).toHaveLength(POLICY.retryLimit + 1);
      expect(await deadLetters()).toContain(poison);
      expect(await deadLetters()).not.toContain(good[0]);
    });

    it('delivers again a job whose worker died holding it, to a live worker', async () => {
      const { bus, takeAndDie } = await start();
      const documentId = `orphaned-${randomUUID()}`;
      const [jobId] = await bus.enqueue([{ documentId, priority: 1 }]);
      expect(await takeAndDie()).toBe(jobId);
      const { ran, handler } = recordingHandler();
      await bus.work(handler);
      const settled = await settlementsOf(bus, [jobId ?? '']);
      expect(settled.get(jobId ?? '')).toEqual({ jobId, state: 'completed', outcome: parsed(documentId) });
      expect(ran).toEqual([documentId]);
    });

    describe('real ingestion through the bus', () => {
      let harness: Harness;
      beforeAll(async () => {
        harness = await openHarness(adapter.database);
        await catchUp(harness.db, harness.store, PROJECTIONS);
      });
      afterAll(async () => {
        await harness?.close();
      });
      const events = async () =>
        (await harness.db.query<{ id: string }>('select event_id::text as id from es_events order by event_id')).rows.map((r) => r.id);

      it('parses no document twice into different events: parsed again, and delivered twice, it appends nothing new', async () => {
        const { bus } = await adapter.start(harness.db, POLICY, (error) => errors.push(error));
        const ingestion = await startIngestion(harness.db, harness.store, parserRegistry, {
          bus,
          contextProviders: contextProvidersFor(harness.db),
          onError: (error) => errors.push(error),
        });
        try {
          await ingestion.startWorker({ batchSize: 2 });
          const { files } = await readInputs([path.join(REPO_ROOT, 'sample-data/master/EQUITY_L.csv')]);
          const first = await ingestInputs(ingestion.deps, files, { pollMs: 50 });
          expect(first).toMatchObject({ files: 1, parsed: 1, rejected: 0, failed: 0 });
          expect(first.events).toBeGreaterThan(10);
          const afterFirst = await events();

          const again = await ingestInputs(ingestion.deps, files, { pollMs: 50, reparse: true });
          expect(again).toMatchObject({ parsed: 1, failed: 0, events: first.events, rows: first.rows });
          expect(await events()).toEqual(afterFirst);

          // A duplicate delivery (Kafka's after a rebalance): the same document on the bus twice.
          const [{ document_id: documentId = '', format = '' } = {}] = (
            await harness.db.query<{ document_id: string; format: string }>('select document_id, format from raw_documents')
          ).rows;
          const twice = await bus.enqueue([
            { documentId, format, priority: 1 },
            { documentId, format, priority: 1 },
          ]);
          const settled = await settlementsOf(bus, twice);
          const outcomes = twice.map((jobId) => settled.get(jobId));
          expect(outcomes.map((o) => o?.state)).toEqual(['completed', 'completed']);
          const [a, b] = outcomes.map((o) => (o?.state === 'completed' ? o.outcome : undefined));
          expect(a).toEqual(b);
          expect(a).toMatchObject({ type: 'DocumentParsed', data: { documentId, format } });
          expect(await events()).toEqual(afterFirst);
        } finally {
          await ingestion.stop();
        }
      });
    });
  });
}
