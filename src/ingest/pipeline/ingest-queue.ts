import { randomUUID } from 'node:crypto';
import PgBoss from 'pg-boss';
import type { Database } from '../../platform/db/db.ts';
import { type OutcomeReport, OutcomeReportSchema } from './document-outcome.ts';

export const INGEST_QUEUE = 'ingest-document';
export const DEAD_LETTER_QUEUE = 'ingest-document-dead';

/** Jobs that failed for a reason outside the document (the database, say) are retried. */
export interface RetryPolicy {
  readonly retryLimit: number;
  readonly retryDelay: number;
  readonly retryBackoff: boolean;
}
const DEFAULT_RETRY: RetryPolicy = { retryLimit: 4, retryDelay: 5, retryBackoff: true };

export interface IngestJob {
  readonly documentId: string;
  /**
   * The format the run that queued the job found for the document when it stored it (its
   * stored format then), so the worker does not detect it again; absent for documents
   * stored before.
   */
  readonly format?: string;
}

/** A job that will not run again: completed, with the outcome its worker reported, or failed after its retries. */
export type JobSettlement =
  | { readonly jobId: string; readonly state: 'completed'; readonly outcome: OutcomeReport | undefined }
  | { readonly jobId: string; readonly state: 'failed' };

export interface IngestQueue {
  /** One job per document; lower priority numbers run first. Returns the job ids. */
  enqueue(documents: ReadonlyArray<IngestJob & { readonly priority: number }>): Promise<string[]>;
  /**
   * Runs `handler` for batches of up to `batchSize` jobs until `stop`, `workers` batches at
   * once; the handler returns each job's outcome, in the order of the jobs. When a batch
   * throws, its jobs are run one by one, so only the job that fails is retried (and in the
   * end dead-lettered), never the documents that shared its batch.
   */
  work(
    handler: (jobs: readonly IngestJob[]) => Promise<readonly OutcomeReport[]>,
    options?: { workers?: number; batchSize?: number },
  ): Promise<void>;
  /**
   * Hands each of the given jobs (enqueued through this queue) to `onSettled` once it has
   * settled, and resolves when all have, or on abort. Jobs run by this process's workers
   * are reported as they settle; after `pollMs` without such news, and every few seconds
   * regardless, pg-boss is asked about the oldest others (run by other processes, or
   * expired after a crash and dead-lettered by pg-boss's maintenance).
   */
  waitFor(
    jobIds: readonly string[],
    onSettled: (settled: readonly JobSettlement[]) => Promise<void> | void,
    options?: { readonly pollMs?: number | undefined; readonly signal?: AbortSignal | undefined },
  ): Promise<void>;
  stop(): Promise<void>;
}

/** Waits for `wake`, `timeoutMs` or the abort, whichever comes first. */
function nap(timeoutMs: number, wakers: Set<() => void>, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      wakers.delete(done);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, timeoutMs);
    wakers.add(done);
    signal?.addEventListener('abort', done, { once: true });
  });
}

/** How often pg-boss is asked about jobs while this process's workers keep reporting. */
const ASK_EVERY_MS = 2_000;
/**
 * Asking stops after this many jobs in a row have not settled: jobs run roughly in the
 * order they were queued, so the oldest are the ones likely done, and a large run's
 * pending jobs are not asked about one by one on every round.
 */
const UNSETTLED_IN_A_ROW = 5;

/**
 * The ingestion job queue: pg-boss on the service's own database, through the same
 * executor as everything else, so it runs on PGlite (polling) and on a server, where any
 * number of worker processes share it. A job that exhausts its retries moves to the
 * dead-letter queue and stays there for inspection.
 */
export async function startIngestQueue(
  db: Database,
  onError: (error: Error) => void,
  retry: RetryPolicy = DEFAULT_RETRY,
): Promise<IngestQueue> {
  // pg-boss completes a batch without awaiting it (manager.js, onFetch), so its stop can
  // resolve with that statement still running; stop waits for pg-boss's statements too,
  // before the caller closes the database.
  const statements = new Set<Promise<unknown>>();
  const tracked = <T>(statement: Promise<T>): Promise<T> => {
    statements.add(statement);
    const forget = () => statements.delete(statement);
    statement.then(forget, forget);
    return statement;
  };
  const boss = new PgBoss({
    db: { executeSql: (text: string, values: unknown[]) => tracked(db.query(text, values ?? [])) },
    schema: 'pgboss',
    schedule: false,
    // Maintenance (expiry, archiving) runs where several processes share a server; on PGlite
    // the single process does it too.
    supervise: true,
  });
  boss.on('error', onError);
  await boss.start();
  await boss.createQueue(DEAD_LETTER_QUEUE);
  await boss.createQueue(INGEST_QUEUE, {
    name: INGEST_QUEUE,
    ...retry,
    deadLetter: DEAD_LETTER_QUEUE,
    expireInSeconds: 15 * 60,
  });

  const workerIds: string[] = [];
  const inFlight = new Set<Promise<unknown>>();
  let stopping = false;

  // What this process's workers learn of the jobs enqueued here, for `waitFor`: jobs are
  // watched from their enqueueing until their settlement is handed over.
  const watched = new Set<string>();
  const settledHere = new Map<string, JobSettlement>();
  const runningHere = new Set<string>();
  const wakers = new Set<() => void>();
  const settle = (settled: JobSettlement) => {
    if (!watched.has(settled.jobId)) return;
    settledHere.set(settled.jobId, settled);
    for (const wake of wakers) wake();
  };

  /** A job as pg-boss has it now (archived once completed for a while), if it will not run again. */
  async function settlementOf(jobId: string): Promise<JobSettlement | undefined> {
    const job = await boss.getJobById<IngestJob>(INGEST_QUEUE, jobId, { includeArchive: true });
    if (job?.state === 'failed') return { jobId, state: 'failed' };
    if (job?.state !== 'completed') return undefined;
    const reported = OutcomeReportSchema.safeParse(job.output);
    return { jobId, state: 'completed', outcome: reported.success ? reported.data : undefined };
  }

  // Failed jobs are no longer active, so completing their batch afterwards leaves them to
  // retry; a job that has used up its retries is settled.
  const failJob = async (job: PgBoss.Job<IngestJob>, error: unknown) => {
    await boss.fail(INGEST_QUEUE, job.id, { message: error instanceof Error ? error.message : String(error) });
    const settled = await settlementOf(job.id);
    if (settled) settle(settled);
  };

  /** Completes each job with the outcome its document had, which `waitFor` reads back. */
  async function complete(jobs: ReadonlyArray<PgBoss.Job<IngestJob>>, outcomes: readonly OutcomeReport[]) {
    const done = jobs.flatMap((job, i) => (outcomes[i] ? [{ jobId: job.id, state: 'completed' as const, outcome: outcomes[i] }] : []));
    if (done.length !== jobs.length || outcomes.length !== jobs.length)
      throw new Error(`${outcomes.length} outcomes for ${jobs.length} jobs`);
    await Promise.all(done.map(({ jobId, outcome }) => boss.complete(INGEST_QUEUE, jobId, outcome)));
    done.forEach(settle);
  }

  /**
   * Runs a batch; when it throws, its jobs one by one, so only the job that fails is retried
   * (and in the end dead-lettered), never the documents that shared its batch. Jobs are
   * completed and failed here rather than by pg-boss (which completes a batch without an
   * output, and without awaiting it), so `stop` can wait for them.
   */
  async function runBatch(
    handler: (jobs: readonly IngestJob[]) => Promise<readonly OutcomeReport[]>,
    jobs: ReadonlyArray<PgBoss.Job<IngestJob>>,
  ) {
    try {
      return await complete(jobs, await handler(jobs.map((job) => job.data)));
    } catch (error) {
      const [only] = jobs;
      if (jobs.length === 1 && only) return failJob(only, error);
    }
    for (const job of jobs) {
      try {
        await complete([job], await handler([job.data]));
      } catch (error) {
        await failJob(job, error);
      }
    }
  }

  /** Asks pg-boss about the oldest jobs of `jobIds` not running here, until several in a row have not settled. */
  async function ask(jobIds: Iterable<string>): Promise<JobSettlement[]> {
    const found: JobSettlement[] = [];
    let unsettled = 0;
    for (const jobId of jobIds) {
      if (runningHere.has(jobId)) continue;
      const settled = await settlementOf(jobId);
      if (settled) found.push(settled);
      unsettled = settled ? 0 : unsettled + 1;
      if (unsettled >= UNSETTLED_IN_A_ROW) break;
    }
    return found;
  }

  return {
    async enqueue(documents) {
      // pg-boss orders by priority descending; ours reads "lower runs first".
      const jobs = documents.map(({ priority, ...job }) => ({
        id: randomUUID(),
        name: INGEST_QUEUE,
        data: job satisfies IngestJob,
        priority: 100 - priority,
        ...retry,
        deadLetter: DEAD_LETTER_QUEUE,
      }));
      // Watched before they exist: a worker here may finish one before this returns.
      for (const job of jobs) watched.add(job.id);
      for (let i = 0; i < jobs.length; i += 500) await boss.insert(jobs.slice(i, i + 500));
      // Workers in this process start on new jobs now rather than at their next poll.
      for (const id of workerIds) boss.notifyWorker(id);
      return jobs.map((job) => job.id);
    },
    async work(handler, options = {}) {
      const batchSize = options.batchSize ?? 10;
      for (let i = 0; i < (options.workers ?? 1); i++) {
        // Set once pg-boss names the worker; a batch finishing before that just waits its poll.
        let id = '';
        id = await boss.work<IngestJob>(INGEST_QUEUE, { batchSize, pollingIntervalSeconds: 0.5 }, async (jobs) => {
          for (const job of jobs) runningHere.add(job.id);
          const running = runBatch(handler, jobs);
          inFlight.add(running);
          await running
            .finally(() => {
              inFlight.delete(running);
              for (const job of jobs) runningHere.delete(job.id);
            })
            .catch((error: unknown) => {
              // Once stopping, a batch cut short (its database closing) stays active in pg-boss
              // and is retried when it expires or at the next start; reporting it to pg-boss,
              // whose own failure call is not awaited, would only fail again.
              if (!stopping) throw error;
            });
          // pg-boss waits out the polling interval after every fetch; a full batch means more
          // are likely queued, so the worker goes straight on to the next.
          if (jobs.length === batchSize && id) boss.notifyWorker(id);
        });
        workerIds.push(id);
      }
    },
    async waitFor(jobIds, onSettled, { pollMs = 250, signal } = {}) {
      const pending = new Set(jobIds);
      // Only what settled since the last look, not every pending job: a run of thousands of
      // documents is woken once per settlement.
      const take = () =>
        [...settledHere].flatMap(([jobId, settled]) => {
          if (!pending.has(jobId)) return [];
          settledHere.delete(jobId);
          return [settled];
        });
      const hand = async (settled: readonly JobSettlement[]) => {
        for (const { jobId } of settled) {
          pending.delete(jobId);
          watched.delete(jobId);
        }
        if (settled.length > 0) await onSettled(settled);
      };
      let asked = Date.now();
      while (pending.size > 0 && !signal?.aborted) {
        let news = take();
        if (news.length === 0) {
          await nap(pollMs, wakers, signal);
          news = take();
        }
        await hand(news);
        if (pending.size === 0 || signal?.aborted || (news.length > 0 && Date.now() - asked < ASK_EVERY_MS)) continue;
        asked = Date.now();
        await hand(await ask(pending));
      }
    },
    async stop() {
      stopping = true;
      await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
      // pg-boss stops without waiting for everything it started: a batch still running after
      // its timeout, a fetch under way that still hands a batch to the worker, and its
      // unawaited completion of a batch. The caller closes the database next, so wait until
      // neither a batch nor a pg-boss statement has been running for a few turns.
      let quiet = 0;
      for (let round = 0; round < 500 && quiet < 3; round++) {
        const busy = [...inFlight, ...statements];
        quiet = busy.length === 0 ? quiet + 1 : 0;
        await Promise.allSettled(busy);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
  };
}
