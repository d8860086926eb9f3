import type { BatchHandler, DeadLetterHandler, JobSettlement } from '#ingest/jobs';
import { tellDeadLetter } from '../tell-dead-letter.ts';
import { type JobResult, runBatch } from '../run-batch.ts';
import type { BatchControls, ConsumedRecord, KafkaLink } from './kafka-link.ts';
import { type JobMessage, readJob, type SettlementMessage, settlementRecord } from './kafka-messages.ts';

export interface KafkaTopics {
  readonly jobs: string;
  readonly settlements: string;
  readonly deadLetters: string;
}

export interface PartitionWorkerDeps {
  readonly link: KafkaLink;
  readonly topics: KafkaTopics;
  readonly handler: BatchHandler;
  readonly batchSize: number;
  /** Runs after the first failure before a job is dead-lettered, and the delay before the first (doubling). */
  readonly retry: { readonly limit: number; readonly delayMs: number };
  /** How often the group hears from a worker while its handler runs. */
  readonly heartbeatMs: number;
  /** Told of each settlement once its offset is committed (this process's waiters). */
  readonly onSettled: (settlement: JobSettlement) => void;
  readonly onError: (error: Error) => void;
  /** Told of each job that failed every attempt, before its settlement is published. */
  readonly onDeadLetter?: DeadLetterHandler | undefined;
  readonly sleep?: (ms: number) => Promise<void>;
}

const nextOffset = (record: ConsumedRecord) => (BigInt(record.offset) + 1n).toString();
const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Runs the handler while telling the group, every `heartbeatMs`, that this worker lives. */
async function withHeartbeat<T>(deps: PartitionWorkerDeps, controls: BatchControls, run: () => Promise<T>): Promise<T> {
  const timer = setInterval(() => {
    controls.heartbeat().catch((error: unknown) => deps.onError(error instanceof Error ? error : new Error(String(error))));
  }, deps.heartbeatMs);
  try {
    return await run();
  } finally {
    clearInterval(timer);
  }
}

/**
 * The jobs' results: the batch, then each job that failed alone, again after a doubling
 * delay, until it succeeds or has used its retries. The partition waits meanwhile: its
 * later records are not committed before these.
 */
async function runWithRetries(deps: PartitionWorkerDeps, controls: BatchControls, jobs: readonly JobMessage[]): Promise<JobResult[]> {
  const sleep = deps.sleep ?? defaultSleep;
  const results = await withHeartbeat(deps, controls, () => runBatch(deps.handler, jobs.map(toJob)));
  for (let attempt = 1; attempt <= deps.retry.limit; attempt++) {
    const failing = results.flatMap((result, i) => (result.ok ? [] : [i]));
    if (failing.length === 0 || controls.isStale()) break;
    await sleep(deps.retry.delayMs * 2 ** (attempt - 1));
    for (const i of failing) {
      const job = jobs[i];
      if (!job) continue;
      const [result] = await withHeartbeat(deps, controls, () => runBatch(deps.handler, [toJob(job)]));
      if (result) results[i] = result;
    }
  }
  return results;
}

const toJob = ({ documentId, format }: JobMessage) => ({ documentId, ...(format ? { format } : {}) });

/** Each job's settlement, and the records to dead-letter: the failed jobs' and those that are no job, with the error. */
function settle(
  read: ReadonlyArray<{ record: ConsumedRecord; read: ReturnType<typeof readJob> }>,
  jobs: readonly JobMessage[],
  results: readonly JobResult[],
) {
  const settlements = jobs.map((job, n): SettlementMessage => {
    const result = results[n];
    return result?.ok
      ? { jobId: job.jobId, documentId: job.documentId, state: 'completed', outcome: result.outcome }
      : { jobId: job.jobId, documentId: job.documentId, state: 'failed', error: result?.error.message ?? 'no result' };
  });
  const withError = (record: ConsumedRecord, error: string) => ({
    key: record.key,
    value: record.value,
    headers: { ...record.headers, error },
  });
  const recordOf = new Map(read.flatMap(({ record, read }) => (read.ok ? [[read.job.jobId, record] as const] : [])));
  const dead = [
    ...read.flatMap(({ record, read }) => (read.ok ? [] : [withError(record, read.error)])),
    ...settlements.flatMap((s) => {
      const record = recordOf.get(s.jobId);
      return s.state === 'failed' && record ? [withError(record, s.error)] : [];
    }),
  ];
  return { settlements, dead };
}

/**
 * Handles one partition's records, `batchSize` at a time, in their order: runs each batch's
 * jobs (the handler appends their events), dead-letters the jobs that failed for good and
 * the records that are no job, publishes every settlement, and only then commits the
 * batch's offsets. A worker that dies before the commit leaves the records to the next
 * owner of the partition, which parses them again to the same events (deterministic ids):
 * a duplicate, never a loss. A batch whose partition was taken meanwhile is not committed.
 */
export async function handlePartitionBatch(
  deps: PartitionWorkerDeps,
  records: readonly ConsumedRecord[],
  controls: BatchControls,
): Promise<void> {
  for (let i = 0; i < records.length; i += deps.batchSize) {
    if (controls.isStale()) return;
    const chunk = records.slice(i, i + deps.batchSize);
    const read = chunk.map((record) => ({ record, read: readJob(record.value) }));
    const jobs = read.flatMap(({ read }) => (read.ok ? [read.job] : []));
    const results = jobs.length > 0 ? await runWithRetries(deps, controls, jobs) : [];
    const { settlements, dead } = settle(read, jobs, results);
    for (const [n, s] of settlements.entries()) {
      if (s.state !== 'failed') continue;
      deps.onError(new Error(`document ${s.documentId} failed after its retries: ${s.error}`));
      const job = jobs[n];
      if (job) await tellDeadLetter(deps.onDeadLetter, toJob(job), new Error(s.error), deps.onError);
    }
    if (dead.length > 0) await deps.link.send(deps.topics.deadLetters, dead);
    if (settlements.length > 0) await deps.link.send(deps.topics.settlements, settlements.map(settlementRecord));
    if (controls.isStale()) return;
    const last = chunk[chunk.length - 1];
    try {
      if (last) await controls.commit(nextOffset(last));
    } catch (error) {
      // The partition went to another member while this batch ran (kafkajs refuses or loses
      // the commit): the new owner parses the batch again, to the same events.
      if (controls.isStale()) return;
      throw error;
    }
    results.forEach((result, n) => {
      const jobId = jobs[n]?.jobId ?? '';
      deps.onSettled(result.ok ? { jobId, state: 'completed', outcome: result.outcome } : { jobId, state: 'failed' });
    });
  }
}
