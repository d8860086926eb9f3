import { randomUUID } from 'node:crypto';
import PgBoss from 'pg-boss';
import { type Database, type SqlExecutor, toPgArray } from '#platform/db';
import {
  type OutcomeReport,
  OutcomeReportSchema,
  type BatchHandler,
  type DeadLetterHandler,
  type IngestBus,
  type IngestJob,
  type JobSettlement,
  type QueuedJob,
} from '#ingest/jobs';
import { nap } from './nap.ts';
import { DEAD_LETTER_QUEUE, INGEST_QUEUE } from './pg-boss-queues.ts';
import { renewLease, retryLeftActive } from './pg-boss-lease.ts';
import { countPendingJobs } from './pg-boss-pending.ts';
import { tellDeadLetter } from './tell-dead-letter.ts';

/** Jobs that failed for a reason outside the document (the database, say) are retried. */
export interface RetryPolicy {
  readonly retryLimit: number;
  readonly retryDelay: number;
  readonly retryBackoff: boolean;
}
const DEFAULT_RETRY: RetryPolicy = { retryLimit: 4, retryDelay: 5, retryBackoff: true };

/**
 * How long a job stays active without word from its worker before pg-boss fails it for
 * retry, in seconds: a worker renews the lease of its running jobs every third of it, so a
 * healthy parse, however long, keeps its jobs, and the jobs of a worker that died (killed,
 * out of memory, its machine gone) are retried elsewhere soon after it lapses
 * (docs/ingestion.md, "Crashed workers").
 */
export const DEFAULT_LEASE_SECONDS = 30;

export interface PgBossBusOptions {
  /** Hears what goes wrong outside a caller's reach: a failed parse (retried), a failed fetch, pg-boss's own errors. */
  readonly onError: (error: Error) => void;
  readonly retry?: RetryPolicy;
  readonly leaseSeconds?: number;
  /**
   * Fails for retry, at start, the jobs left active: only where this process is the one
   * worker of the database (PGlite in a data folder, which one process holds), so any
   * active job is a dead process's.
   */
  readonly retryActiveAtStart?: boolean;
}

/** How long a worker naps when the queue is empty, unless jobs are enqueued here meanwhile. */
const POLL_MS = 500;
/** How often pg-boss is asked about jobs while this process's workers keep reporting. */
const ASK_EVERY_MS = 2_000;
/**
 * Asking stops after this many jobs in a row have not settled: jobs run roughly in the
 * order they were queued, so the oldest are the ones likely done, and a large run's
 * pending jobs are not asked about one by one on every round.
 */
const UNSETTLED_IN_A_ROW = 5;

/**
 * The queues, made if missing, with the options configured now: `createQueue` leaves a queue
 * that exists as it is, so the ingest queue's options are written again at every start (a
 * queue made by the template or an earlier start with another lease takes this one's).
 */
async function ensureQueues(boss: PgBoss, retry: RetryPolicy, leaseSeconds: number): Promise<void> {
  const options = { name: INGEST_QUEUE, ...retry, deadLetter: DEAD_LETTER_QUEUE, expireInSeconds: leaseSeconds };
  await boss.createQueue(DEAD_LETTER_QUEUE);
  await boss.createQueue(INGEST_QUEUE, options);
  await boss.updateQueue(INGEST_QUEUE, options);
}

/** pg-boss over `db` that runs nothing of its own (no schedule, no maintenance): for set-up, or a test's one call. */
export const passivePgBoss = (db: SqlExecutor): PgBoss =>
  new PgBoss({
    db: { executeSql: (text: string, values: unknown[]) => db.query(text, values ?? []) },
    schema: 'pgboss',
    schedule: false,
    supervise: false,
  });

/**
 * Makes pg-boss's schema and queues (with the default options) in `db`: the build does it in
 * the template a new embedded data folder is copied from, so a first start, which the API's
 * first reads wait behind on the engine's one connection, does not (0.4 to 0.6 s there).
 */
export async function installPgBoss(db: SqlExecutor): Promise<void> {
  const boss = passivePgBoss(db);
  await boss.start();
  try {
    await ensureQueues(boss, DEFAULT_RETRY, DEFAULT_LEASE_SECONDS);
  } finally {
    await boss.stop({ graceful: false, wait: true });
  }
}

/** pg-boss started on `db`, and the statements it has under way (stop waits for them). */
interface TrackedBoss {
  readonly boss: PgBoss;
  /** Runs a statement on `db`, known to `stop` until it settles. */
  readonly tracked: <T>(statement: Promise<T>) => Promise<T>;
  readonly statements: Set<Promise<unknown>>;
}

/**
 * Step 1: pg-boss on `db`, started, its queues ensured. pg-boss's stop can resolve with a
 * statement of its own (maintenance) still running, and a lease renewal may be under way;
 * stop waits for them too, before the caller closes the database.
 */
async function startTrackedBoss(
  db: Database,
  onError: (error: Error) => void,
  retry: RetryPolicy,
  leaseSeconds: number,
): Promise<TrackedBoss> {
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
    // the single process does it too. It is what fails a lapsed lease, so it runs twice a
    // lease (one process a round, whichever claims it first).
    supervise: true,
    maintenanceIntervalSeconds: Math.max(1, Math.ceil(leaseSeconds / 2)),
  });
  boss.on('error', onError);
  await boss.start();
  await ensureQueues(boss, retry, leaseSeconds);
  return { boss, tracked, statements };
}

/**
 * What this process's workers learn of the jobs enqueued here, for `waitFor`: jobs are
 * watched from their enqueueing until their settlement is handed over.
 */
interface SettlementWatch {
  readonly watched: Set<string>;
  readonly settledHere: Map<string, JobSettlement>;
  readonly runningHere: Set<string>;
  readonly wakers: Set<() => void>;
  settle(settled: JobSettlement): void;
}

function watchSettlements(): SettlementWatch {
  const watched = new Set<string>();
  const settledHere = new Map<string, JobSettlement>();
  const wakers = new Set<() => void>();
  return {
    watched,
    settledHere,
    runningHere: new Set<string>(),
    wakers,
    settle(settled) {
      if (!watched.has(settled.jobId)) return;
      settledHere.set(settled.jobId, settled);
      for (const wake of wakers) wake();
    },
  };
}

/** What the worker steps share: the bus's pg-boss, its settings, and the watch. */
interface PgBossWorkers extends TrackedBoss {
  readonly db: Database;
  readonly onError: (error: Error) => void;
  readonly leaseSeconds: number;
  readonly watch: SettlementWatch;
  /** The naps of workers while the queue is empty, woken by jobs enqueued here. */
  readonly idle: Set<() => void>;
  /** Ends the workers' loops. */
  readonly halt: AbortController;
  readonly loops: Promise<void>[];
}

/** A job as pg-boss has it now (archived once completed for a while), if it will not run again. */
async function settlementOf(boss: PgBoss, jobId: string): Promise<JobSettlement | undefined> {
  const job = await boss.getJobById<IngestJob>(INGEST_QUEUE, jobId, { includeArchive: true });
  if (job?.state === 'failed') return { jobId, state: 'failed' };
  if (job?.state !== 'completed') return undefined;
  const reported = OutcomeReportSchema.safeParse(job.output);
  return { jobId, state: 'completed', outcome: reported.success ? reported.data : undefined };
}

/**
 * Failed jobs are no longer active, so completing their batch afterwards leaves them to
 * retry; a job that has used up its retries is settled, once `onDeadLetter` has heard of it.
 */
async function failJob(
  workers: PgBossWorkers,
  job: PgBoss.Job<IngestJob>,
  error: unknown,
  onDeadLetter: DeadLetterHandler | undefined,
): Promise<void> {
  const message = error instanceof Error ? error.message : String(error);
  workers.onError(new Error(`parsing document ${job.data.documentId} failed (its job is retried while retries remain): ${message}`));
  await workers.boss.fail(INGEST_QUEUE, job.id, { message });
  const settled = await settlementOf(workers.boss, job.id);
  if (settled?.state === 'failed') {
    const cause = error instanceof Error ? error : new Error(message);
    await tellDeadLetter(onDeadLetter, job.data, cause, workers.onError);
  }
  if (settled) workers.watch.settle(settled);
}

/**
 * Completes each job with the outcome its document had, which `waitFor` reads back: the
 * batch in one statement, where pg-boss's `complete` takes one output for all its jobs
 * (it would be a statement a document). The statement is pg-boss 10's own completion
 * (plans.js `completeJobs`) with an output per job; an upgrade of pg-boss must keep it in
 * step, as the lease renewal (pg-boss-lease.ts).
 */
async function completeJobs(
  workers: PgBossWorkers,
  jobs: ReadonlyArray<PgBoss.Job<IngestJob>>,
  outcomes: readonly OutcomeReport[],
): Promise<void> {
  const done = jobs.flatMap((job, i) => (outcomes[i] ? [{ jobId: job.id, state: 'completed' as const, outcome: outcomes[i] }] : []));
  if (done.length !== jobs.length || outcomes.length !== jobs.length)
    throw new Error(`${outcomes.length} outcomes for ${jobs.length} jobs`);
  await workers.tracked(
    workers.db.query(
      `update pgboss.job as job set completed_on = now(), state = 'completed', output = done.output
       from unnest($2::uuid[], $3::jsonb[]) as done (id, output)
       where job.name = $1 and job.id = done.id and job.state = 'active'`,
      [INGEST_QUEUE, toPgArray(done.map((d) => d.jobId)), toPgArray(done.map((d) => JSON.stringify(d.outcome)))],
    ),
  );
  done.forEach((settled) => workers.watch.settle(settled));
}

/**
 * Runs a batch; when it throws, its jobs one by one, so only the job that fails is retried
 * (and in the end dead-lettered), never the documents that shared its batch. A job whose
 * lease lapsed meanwhile (its worker stalled past it) was retried by pg-boss: completing
 * it changes nothing in pg-boss, and its retry parses the document again to the same
 * events, which the store already holds.
 */
async function runPgBossBatch(
  workers: PgBossWorkers,
  handler: BatchHandler,
  jobs: ReadonlyArray<PgBoss.Job<IngestJob>>,
  onDeadLetter: DeadLetterHandler | undefined,
): Promise<void> {
  try {
    return await completeJobs(workers, jobs, await handler(jobs.map((job) => job.data)));
  } catch (error) {
    const [only] = jobs;
    if (jobs.length === 1 && only) return failJob(workers, only, error, onDeadLetter);
  }
  for (const job of jobs) {
    try {
      await completeJobs(workers, [job], await handler([job.data]));
    } catch (error) {
      await failJob(workers, job, error, onDeadLetter);
    }
  }
}

/**
 * A worker: fetches up to `batchSize` jobs, runs them while renewing their lease, and
 * fetches again at once; naps while the queue is empty (woken by jobs enqueued here).
 * pg-boss's own `work` is not used: it fails a batch still running when its expiry has
 * passed, which would cut a healthy parse short now that expiry is a short lease.
 */
async function workLoop(
  workers: PgBossWorkers,
  handler: BatchHandler,
  batchSize: number,
  onDeadLetter: DeadLetterHandler | undefined,
): Promise<void> {
  const { boss, db, halt, onError, watch } = workers;
  while (!halt.signal.aborted) {
    // A fetch that fails (pg-boss answers most failures with no jobs) pauses the worker
    // for a nap; it never ends the loop.
    const jobs = await boss.fetch<IngestJob>(INGEST_QUEUE, { batchSize }).catch((error: unknown) => {
      onError(error instanceof Error ? error : new Error(String(error)));
      return [];
    });
    if (jobs.length === 0) {
      await nap(POLL_MS, workers.idle, halt.signal);
      continue;
    }
    for (const job of jobs) watch.runningHere.add(job.id);
    const lease = renewLease(
      (text, params) => workers.tracked(db.query(text, params)),
      jobs.map((job) => job.id),
      workers.leaseSeconds,
      onError,
    );
    try {
      await runPgBossBatch(workers, handler, jobs, onDeadLetter);
    } catch (error) {
      // The jobs could not be reported (their completion or failure did not reach the
      // database): they stay active, their lease lapses, and pg-boss retries them.
      if (!halt.signal.aborted) onError(error instanceof Error ? error : new Error(String(error)));
    } finally {
      lease.stop();
      for (const job of jobs) watch.runningHere.delete(job.id);
    }
  }
}

/** Asks pg-boss about the oldest jobs of `jobIds` not running here, until several in a row have not settled. */
async function askPgBoss(workers: PgBossWorkers, jobIds: Iterable<string>): Promise<JobSettlement[]> {
  const found: JobSettlement[] = [];
  let unsettled = 0;
  for (const jobId of jobIds) {
    if (workers.watch.runningHere.has(jobId)) continue;
    const settled = await settlementOf(workers.boss, jobId);
    if (settled) found.push(settled);
    unsettled = settled ? 0 : unsettled + 1;
    if (unsettled >= UNSETTLED_IN_A_ROW) break;
  }
  return found;
}

/** Queues one job per document, watched from before it exists: a worker here may finish one before this returns. */
async function enqueueJobs(workers: PgBossWorkers, retry: RetryPolicy, documents: readonly QueuedJob[]): Promise<string[]> {
  // pg-boss orders by priority descending; ours reads "lower runs first".
  const jobs = documents.map(({ priority, ...job }) => ({
    id: randomUUID(),
    name: INGEST_QUEUE,
    data: job satisfies IngestJob,
    priority: 100 - priority,
    ...retry,
    expireInSeconds: workers.leaseSeconds,
    deadLetter: DEAD_LETTER_QUEUE,
  }));
  for (const job of jobs) workers.watch.watched.add(job.id);
  for (let i = 0; i < jobs.length; i += 500) await workers.boss.insert(jobs.slice(i, i + 500));
  // Workers in this process start on new jobs now rather than at their next poll.
  for (const wake of workers.idle) wake();
  return jobs.map((job) => job.id);
}

/**
 * Hands each job of `jobIds` to `onSettled` once it settled: as this process's workers
 * report them, and after `pollMs` without such news, and every few seconds regardless, from
 * pg-boss (jobs run by other processes, or expired after a crash and dead-lettered).
 */
async function waitForJobs(
  workers: PgBossWorkers,
  jobIds: readonly string[],
  onSettled: (settled: readonly JobSettlement[]) => Promise<void> | void,
  pollMs: number,
  signal: AbortSignal | undefined,
): Promise<void> {
  const { settledHere, watched, wakers } = workers.watch;
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
    await hand(await askPgBoss(workers, pending));
  }
}

/**
 * Stops the workers once their batches have settled (a batch is never abandoned
 * half-reported), then pg-boss, then waits until no pg-boss statement has been running for
 * a few turns: pg-boss stops without waiting for all it started (maintenance under way,
 * say), and the caller closes the database next.
 */
async function stopWorkers(workers: PgBossWorkers): Promise<void> {
  workers.halt.abort();
  await Promise.all(workers.loops);
  await workers.boss.stop({ graceful: true, wait: true, timeout: 10_000 });
  let quiet = 0;
  for (let round = 0; round < 500 && quiet < 3; round++) {
    const busy = [...workers.statements];
    quiet = busy.length === 0 ? quiet + 1 : 0;
    await Promise.allSettled(busy);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * The ingestion bus on pg-boss (the default adapter): the service's own database, through
 * the same executor as everything else, so it runs on PGlite (polling) and on a server,
 * where any number of worker processes share it. Priorities are kept; a job that exhausts
 * its retries moves to the dead-letter queue and stays there for inspection. Jobs run by
 * this process's workers are reported to `waitFor` as they settle; after `pollMs` without
 * such news, and every few seconds regardless, pg-boss is asked about the oldest others
 * (run by other processes, or expired after a crash and dead-lettered by its maintenance).
 */
export async function startPgBossBus(db: Database, options: PgBossBusOptions): Promise<IngestBus> {
  const { onError } = options;
  const retry = options.retry ?? DEFAULT_RETRY;
  const leaseSeconds = options.leaseSeconds ?? DEFAULT_LEASE_SECONDS;
  const tracked = await startTrackedBoss(db, onError, retry, leaseSeconds);
  if (options.retryActiveAtStart) await retryLeftActive(db, tracked.boss);
  const workers: PgBossWorkers = {
    ...tracked,
    db,
    onError,
    leaseSeconds,
    watch: watchSettlements(),
    idle: new Set(),
    halt: new AbortController(),
    loops: [],
  };
  return {
    enqueue: (documents) => enqueueJobs(workers, retry, documents),
    work(handler, workOptions = {}) {
      const batchSize = workOptions.batchSize ?? 10;
      for (let i = 0; i < (workOptions.workers ?? 1); i++)
        workers.loops.push(workLoop(workers, handler, batchSize, workOptions.onDeadLetter));
      return Promise.resolve();
    },
    waitFor: (jobIds, onSettled, { pollMs = 250, signal } = {}) => waitForJobs(workers, jobIds, onSettled, pollMs, signal),
    pending: () => countPendingJobs(db),
    stop: () => stopWorkers(workers),
  };
}
