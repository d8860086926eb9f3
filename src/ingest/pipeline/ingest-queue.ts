import { randomUUID } from 'node:crypto';
import PgBoss from 'pg-boss';
import type { Database } from '../../platform/db/db.ts';

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
}

export interface IngestQueue {
  /** One job per document; lower priority numbers run first. Returns the job ids. */
  enqueue(documents: ReadonlyArray<{ documentId: string; priority: number }>): Promise<string[]>;
  /**
   * Runs `handler` for batches of up to `batchSize` jobs until `stop`, `workers` batches at
   * once. When a batch throws, its jobs are run one by one, so only the job that fails is
   * retried (and in the end dead-lettered), never the documents that shared its batch.
   */
  work(
    handler: (jobs: readonly IngestJob[]) => Promise<object>,
    options?: { workers?: number; batchSize?: number },
  ): Promise<void>;
  /** Jobs of the given ids that ended in failure after their retries (now dead letters). */
  failed(jobIds: readonly string[]): Promise<string[]>;
  /** Jobs of the given ids that completed. */
  completed(jobIds: readonly string[]): Promise<string[]>;
  stop(): Promise<void>;
}

async function jobsIn(db: Database, state: 'failed' | 'completed', jobIds: readonly string[]): Promise<string[]> {
  if (jobIds.length === 0) return [];
  const { rows } = await db.query<{ id: string }>(
    `select id::text as id from pgboss.job where name = $1 and id = any($2::uuid[]) and state::text = $3`,
    [INGEST_QUEUE, jobIds, state],
  );
  return rows.map((row) => row.id);
}

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
  const inFlight = new Set<Promise<object>>();
  let stopping = false;

  // Failed jobs are no longer active, so completing their batch afterwards leaves them to retry.
  const failJob = (job: PgBoss.Job<IngestJob>, error: unknown) =>
    boss.fail(INGEST_QUEUE, job.id, { message: error instanceof Error ? error.message : String(error) });

  /**
   * Runs a batch; when it throws, its jobs one by one, so only the job that fails is retried
   * (and in the end dead-lettered), never the documents that shared its batch. Failures are
   * recorded here rather than by pg-boss, so `stop` can wait for them.
   */
  async function runBatch(handler: (jobs: readonly IngestJob[]) => Promise<object>, jobs: ReadonlyArray<PgBoss.Job<IngestJob>>) {
    try {
      return await handler(jobs.map((job) => job.data));
    } catch (error) {
      const [only] = jobs;
      if (jobs.length === 1 && only) {
        await failJob(only, error);
        return {};
      }
    }
    for (const job of jobs) {
      try {
        await handler([job.data]);
      } catch (error) {
        await failJob(job, error);
      }
    }
    return {};
  }

  return {
    async enqueue(documents) {
      // pg-boss orders by priority descending; ours reads "lower runs first".
      const jobs = documents.map((doc) => ({
        id: randomUUID(),
        name: INGEST_QUEUE,
        data: { documentId: doc.documentId },
        priority: 100 - doc.priority,
        ...retry,
        deadLetter: DEAD_LETTER_QUEUE,
      }));
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
          const running = runBatch(handler, jobs);
          inFlight.add(running);
          const result = await running.finally(() => inFlight.delete(running)).catch((error: unknown) => {
            // Once stopping, a batch cut short (its database closing) stays active in pg-boss
            // and is retried when it expires or at the next start; reporting it to pg-boss,
            // whose own failure call is not awaited, would only fail again.
            if (stopping) return {};
            throw error;
          });
          // pg-boss waits out the polling interval after every fetch; a full batch means more
          // are likely queued, so the worker goes straight on to the next.
          if (jobs.length === batchSize && id) boss.notifyWorker(id);
          return result;
        });
        workerIds.push(id);
      }
    },
    // pg-boss keeps jobs in pgboss.job; a failed job there has used up its retries.
    failed: (jobIds) => jobsIn(db, 'failed', jobIds),
    completed: (jobIds) => jobsIn(db, 'completed', jobIds),
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
