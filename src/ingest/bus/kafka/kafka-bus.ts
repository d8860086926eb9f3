import { randomUUID } from 'node:crypto';
import type { IngestBus, JobSettlement } from '#ingest/jobs';
import { nap } from '../nap.ts';
import { handlePartitionBatch, type KafkaTopics } from './handle-partition-batch.ts';
import type { KafkaLink } from './kafka-link.ts';
import { jobRecord, readSettlement } from './kafka-messages.ts';

export interface KafkaBusOptions {
  /** The jobs' topic; its settlements and dead letters are `<topic>.settled` and `<topic>.dead`. */
  readonly topic: string;
  /** The parser workers' consumer group. */
  readonly groupId: string;
  /** Partitions of a topic created here: the most workers that can parse at once, all processes together. */
  readonly partitions?: number;
  readonly retry?: { readonly limit: number; readonly delayMs: number };
  readonly heartbeatMs?: number;
  readonly onError: (error: Error) => void;
}

/** Settlements matter to whoever waits for them, for about a run: older ones are dropped by Kafka. */
const SETTLEMENT_RETENTION_MS = 24 * 3600 * 1000;

export const kafkaTopics = (topic: string): KafkaTopics => ({
  jobs: topic,
  settlements: `${topic}.settled`,
  deadLetters: `${topic}.dead`,
});

/**
 * The ingestion bus on Kafka (ADR 10): one record per stored document on a topic keyed by
 * company, parser workers in one consumer group, offsets committed only once a batch's
 * events are appended and its settlements published. No priorities: a run enqueues one
 * priority group at a time and waits for it (master lists before the files naming their
 * companies), which is what the order of priorities is for. `waitFor` reads the
 * settlements topic from its start, so no settlement published before it listened is missed.
 */
export async function startKafkaBus(link: KafkaLink, options: KafkaBusOptions): Promise<IngestBus> {
  const topics = kafkaTopics(options.topic);
  await link.ensureTopics([
    { topic: topics.jobs, partitions: options.partitions ?? 12 },
    { topic: topics.settlements, partitions: 1, retentionMs: SETTLEMENT_RETENTION_MS },
    { topic: topics.deadLetters, partitions: 1 },
  ]);
  const consumers: Array<{ stop(): Promise<void> }> = [];
  const watched = new Set<string>();
  const settled = new Map<string, JobSettlement>();
  const wakers = new Set<() => void>();
  let inFlight = 0;
  let listening: Promise<unknown> | undefined;

  const settle = (settlement: JobSettlement) => {
    if (!watched.has(settlement.jobId)) return;
    settled.set(settlement.jobId, settlement);
    for (const wake of [...wakers]) wake();
  };

  /** Settlements from every process's workers, read by a group of this process alone. */
  const listen = () =>
    (listening ??= link
      .consume({
        topic: topics.settlements,
        groupId: `${options.groupId}.waiter.${randomUUID()}`,
        onBatch: (records) => {
          for (const record of records) {
            const settlement = readSettlement(record.value);
            if (settlement) settle(settlement);
          }
          return Promise.resolve();
        },
      })
      .then((consumer) => consumers.push(consumer)));

  return {
    async enqueue(jobs) {
      const ids = jobs.map(() => randomUUID());
      // Watched before they are sent: a worker may settle one before this returns.
      for (const id of ids) watched.add(id);
      for (let i = 0; i < jobs.length; i += 500)
        await link.send(
          topics.jobs,
          jobs.slice(i, i + 500).map((job, n) => jobRecord(ids[i + n] ?? '', job)),
        );
      return ids;
    },
    async work(handler, { workers = 1, batchSize = 10, onDeadLetter } = {}) {
      const consumer = await link.consume({
        topic: topics.jobs,
        groupId: options.groupId,
        concurrency: workers,
        onBatch: async (records, controls) => {
          inFlight += records.length;
          try {
            await handlePartitionBatch(
              {
                link,
                topics,
                handler,
                batchSize,
                retry: options.retry ?? { limit: 4, delayMs: 5_000 },
                heartbeatMs: options.heartbeatMs ?? 3_000,
                onSettled: settle,
                onError: options.onError,
                onDeadLetter,
              },
              records,
              controls,
            );
          } finally {
            inFlight -= records.length;
          }
        },
      });
      consumers.push(consumer);
    },
    async waitFor(jobIds, onSettled, { pollMs = 250, signal } = {}) {
      await listen();
      const pending = new Set(jobIds);
      while (pending.size > 0 && !signal?.aborted) {
        const news = [...pending].flatMap((id) => {
          const found = settled.get(id);
          return found ? [found] : [];
        });
        for (const { jobId } of news) {
          pending.delete(jobId);
          settled.delete(jobId);
          watched.delete(jobId);
        }
        if (news.length > 0) await onSettled(news);
        else await nap(pollMs, wakers, signal);
      }
    },
    async pending() {
      // The group's lag holds the records its workers are running: those of this process are told apart.
      const lag = await link.lag(topics.jobs, options.groupId);
      const running = Math.min(inFlight, lag);
      return { queued: lag - running, inFlight: running };
    },
    async stop() {
      // Each consumer stops once its batch has: a batch is never abandoned half-committed.
      for (const consumer of consumers.splice(0)) await consumer.stop();
      await link.close();
    },
  };
}
