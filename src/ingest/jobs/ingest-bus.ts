import type { OutcomeReport } from './document-outcome.ts';

/**
 * One stored document to parse: a reference, never its bytes (raw documents are stored
 * before anything is put on the bus).
 */
export interface IngestJob {
  readonly documentId: string;
  /**
   * The format the run that queued the job found for the document when it stored it (its
   * stored format then), so the worker does not detect it again; absent for documents
   * stored before.
   */
  readonly format?: string;
  /**
   * What orders the job among others: jobs of one key are delivered in the order they were
   * queued where the bus keeps an order (Kafka's partition key); the company when the
   * delivery names it, else the document (company-key.ts). Absent: the document.
   */
  readonly key?: string;
}

/** A job as queued: lower priority numbers run first where the bus orders by priority. */
export type QueuedJob = IngestJob & { readonly priority: number };

/** A job that will not run again: completed, with the outcome its worker reported, or failed after its retries. */
export type JobSettlement =
  | { readonly jobId: string; readonly state: 'completed'; readonly outcome: OutcomeReport | undefined }
  | { readonly jobId: string; readonly state: 'failed' };

/** Parses a batch of jobs' documents, answering each job's outcome in the order of the jobs. */
export type BatchHandler = (jobs: readonly IngestJob[]) => Promise<readonly OutcomeReport[]>;

/**
 * Told of a job that failed every attempt, with the last attempt's error, before the job
 * settles as failed: the worker records the document's rejection with it, so a dead letter
 * is never a document without an outcome (docs/ingestion-bus.md, "Dead letters").
 */
export type DeadLetterHandler = (job: IngestJob, error: Error) => Promise<void>;

/** How a bus's workers run: how many batches at once, of how many jobs, and who hears of a dead letter. */
export interface WorkOptions {
  readonly workers?: number;
  readonly batchSize?: number;
  readonly onDeadLetter?: DeadLetterHandler | undefined;
}

/** The jobs of a bus that have not settled: waiting (new, or to be retried) and running. */
export interface PendingJobs {
  readonly queued: number;
  readonly inFlight: number;
}

/**
 * The ingestion bus between the runs that store documents and the workers that parse them.
 * Every adapter delivers each job at least once (again after a worker died holding it),
 * retries a job whose handler throws and in the end dead-letters it; a job delivered twice
 * is parsed to the same events (deterministic ids), which the store appends once.
 */
export interface IngestBus {
  /** One job per document. Returns the job ids, in the order of `jobs`. */
  enqueue(jobs: readonly QueuedJob[]): Promise<string[]>;
  /**
   * Runs `handler` for batches of up to `batchSize` jobs until `stop`, `workers` batches at
   * once; the handler returns each job's outcome, in the order of the jobs. When a batch
   * throws, its jobs are run one by one, so only the job that fails is retried (and in the
   * end dead-lettered, `onDeadLetter` told first), never the documents that shared its batch.
   */
  work(handler: BatchHandler, options?: WorkOptions): Promise<void>;
  /**
   * Hands each of the given jobs (enqueued through this bus) to `onSettled` once it has
   * settled, wherever it ran, and resolves when all have, or on abort.
   */
  waitFor(
    jobIds: readonly string[],
    onSettled: (settled: readonly JobSettlement[]) => Promise<void> | void,
    options?: { readonly pollMs?: number | undefined; readonly signal?: AbortSignal | undefined },
  ): Promise<void>;
  /** The jobs not yet settled, for /health. */
  pending(): Promise<PendingJobs>;
  /** Stops the workers once their batches have settled, then lets go of the bus. */
  stop(): Promise<void>;
}
