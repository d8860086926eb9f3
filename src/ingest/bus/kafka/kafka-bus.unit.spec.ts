import { describe, expect, it } from 'vitest';
import { createMemoryKafka } from '../../../../test/support/memory-kafka.ts';
import type { OutcomeReport } from '#ingest/jobs/document-outcome';
import type { IngestJob } from '#ingest/jobs/ingest-bus';
import { startKafkaBus } from './kafka-bus.ts';
import { readJob } from './kafka-messages.ts';

const parsed = (documentId: string): OutcomeReport => ({
  type: 'DocumentParsed',
  data: { documentId, format: 'f', parserVersion: 1, rows: 1, events: 1, problems: [], problemCount: 0 },
});

describe('the Kafka bus on a broker in memory', () => {
  it("keeps one company's documents in the order they were queued, on one partition, in a group of several workers", async () => {
    const broker = createMemoryKafka();
    const options = { topic: 'ingest', groupId: 'parsers', partitions: 4, onError: () => undefined };
    const [first, second] = [await startKafkaBus(broker.link(), options), await startKafkaBus(broker.link(), options)];
    const ran: string[] = [];
    const handler = async (jobs: readonly IngestJob[]) => {
      ran.push(...jobs.map((j) => j.documentId));
      await new Promise((resolve) => setTimeout(resolve, 1));
      return jobs.map((j) => parsed(j.documentId));
    };
    try {
      const jobs = Array.from({ length: 20 }, (_, i) => ({ documentId: `d${i}`, priority: 1, key: `company-${i % 3}` }));
      // Both workers join before anything is queued: no rebalance hands a batch over mid-way.
      await first.work(handler, { batchSize: 2 });
      await second.work(handler, { batchSize: 2 });
      const ids = await first.enqueue(jobs);
      await first.waitFor(ids, () => undefined, { pollMs: 10, signal: AbortSignal.timeout(10_000) });
      for (const company of ['company-0', 'company-1', 'company-2']) {
        const queued = jobs.filter((j) => j.key === company).map((j) => j.documentId);
        expect(ran.filter((d) => queued.includes(d))).toEqual(queued);
        const partitions = broker.records('ingest').flatMap((r) => {
          const read = readJob(r.value);
          return read.ok && read.job.key === company ? [r.partition] : [];
        });
        expect(new Set(partitions).size).toBe(1);
      }
      expect([...ran].sort()).toEqual(jobs.map((j) => j.documentId).sort());
    } finally {
      await first.stop();
      await second.stop();
    }
  });
});
