import { describe, expect, it } from 'vitest';
import type { OutcomeReport } from '#ingest/jobs/document-outcome';
import type { BatchHandler } from '#ingest/jobs/ingest-bus';
import { handlePartitionBatch, type PartitionWorkerDeps } from './handle-partition-batch.ts';
import type { BatchControls, ConsumedRecord, KafkaLink } from './kafka-link.ts';
import type { JobSettlement } from '#ingest/jobs/ingest-bus';
import { jobRecord, readSettlement } from './kafka-messages.ts';

const TOPICS = { jobs: 'jobs', settlements: 'jobs.settled', deadLetters: 'jobs.dead' };
const parsed = (documentId: string): OutcomeReport => ({
  type: 'DocumentParsed',
  data: { documentId, format: 'f', parserVersion: 1, rows: 1, events: 1, problems: [], problemCount: 0 },
});
const jobId = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
/** A document id as the store has them (a SHA-256), named by a letter. */
const doc = (name: string) => name.padStart(64, '0');
const records = (...names: string[]): ConsumedRecord[] =>
  names.map(doc).map((documentId, i) => ({ ...jobRecord(jobId(i), { documentId, priority: 1 }), partition: 0, offset: String(40 + i) }));

/** A seam that writes down, in order, what the worker does to Kafka; the handler writes to the same log. */
function givenSeam(handler: BatchHandler, options: { stale?: () => boolean; batchSize?: number } = {}) {
  const log: string[] = [];
  const sent = new Map<string, string[]>();
  const settledHere: JobSettlement[] = [];
  const link: KafkaLink = {
    ensureTopics: () => Promise.resolve(),
    send(topic, recs) {
      log.push(`send ${topic} ${recs.length}`);
      sent.set(topic, [...(sent.get(topic) ?? []), ...recs.map((r) => r.value)]);
      return Promise.resolve();
    },
    consume: () => Promise.reject(new Error('not used')),
    lag: () => Promise.resolve(0),
    close: () => Promise.resolve(),
  };
  const controls: BatchControls = {
    heartbeat: () => Promise.resolve(),
    isStale: options.stale ?? (() => false),
    commit(nextOffset) {
      log.push(`commit ${nextOffset}`);
      return Promise.resolve();
    },
  };
  const deps: PartitionWorkerDeps = {
    link,
    topics: TOPICS,
    handler: async (jobs) => {
      const outcomes = await handler(jobs);
      log.push(`append ${jobs.map((j) => j.documentId.replace(/^0+/, '')).join(',')}`);
      return outcomes;
    },
    batchSize: options.batchSize ?? 10,
    retry: { limit: 2, delayMs: 1 },
    heartbeatMs: 1_000,
    onSettled: (s) => settledHere.push(s),
    onError: () => undefined,
    sleep: () => Promise.resolve(),
  };
  return { log, sent, settledHere, controls, run: (recs: readonly ConsumedRecord[]) => handlePartitionBatch(deps, recs, controls) };
}

const parseAll: BatchHandler = (jobs) => Promise.resolve(jobs.map((job) => parsed(job.documentId)));

describe('a Kafka worker handling one partition batch', () => {
  it('commits the offsets only after the events are appended and the settlements published', async () => {
    const seam = givenSeam(parseAll);
    await seam.run(records('a', 'b'));
    expect(seam.log).toEqual(['append a,b', 'send jobs.settled 2', 'commit 42']);
    expect(seam.settledHere.map((s) => [s.jobId, s.state])).toEqual([
      [jobId(0), 'completed'],
      [jobId(1), 'completed'],
    ]);
    expect((seam.sent.get('jobs.settled') ?? []).map(readSettlement)).toEqual([
      { jobId: jobId(0), state: 'completed', outcome: parsed(doc('a')) },
      { jobId: jobId(1), state: 'completed', outcome: parsed(doc('b')) },
    ]);
  });

  it('commits nothing while the handler runs: a worker that dies there leaves its records to the next owner', async () => {
    const seam = givenSeam(() => new Promise(() => undefined));
    void seam.run(records('a'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(seam.log).toEqual([]);
  });

  it('commits batch by batch, each after its own appends', async () => {
    const seam = givenSeam(parseAll, { batchSize: 2 });
    await seam.run(records('a', 'b', 'c'));
    expect(seam.log).toEqual(['append a,b', 'send jobs.settled 2', 'commit 42', 'append c', 'send jobs.settled 1', 'commit 43']);
  });

  it('retries a failing job alone, then dead-letters it and commits past it, the rest of its batch parsed once', async () => {
    const tries: string[] = [];
    const seam = givenSeam((jobs) => {
      tries.push(jobs.map((j) => j.documentId.replace(/^0+/, '')).join(','));
      return jobs.some((j) => j.documentId === doc('bad')) ? Promise.reject(new Error('db down')) : parseAll(jobs);
    });
    await seam.run(records('a', 'bad'));
    expect(tries).toEqual(['a,bad', 'a', 'bad', 'bad', 'bad']);
    expect(seam.log.slice(-3)).toEqual(['send jobs.dead 1', 'send jobs.settled 2', 'commit 42']);
    expect(seam.settledHere.map((s) => s.state)).toEqual(['completed', 'failed']);
  });

  it('dead-letters a record that is no job, unread by the handler, and commits past it', async () => {
    const ran: string[] = [];
    const seam = givenSeam((jobs) => {
      ran.push(...jobs.map((j) => j.documentId));
      return parseAll(jobs);
    });
    await seam.run([{ key: 'k', value: '{"documentId": 7}', partition: 0, offset: '9' }, ...records('a')]);
    expect(ran).toEqual([doc('a')]);
    expect(seam.sent.get('jobs.dead')).toEqual(['{"documentId": 7}']);
    expect(seam.log.at(-1)).toBe('commit 41');
  });

  it('lets go of a batch whose commit is refused because its partition was taken meanwhile, and reports any other refusal', async () => {
    let taken = false;
    const refusing = (stale: boolean) => {
      const seam = givenSeam(parseAll, { stale: () => taken });
      seam.controls.commit = () => {
        taken = stale;
        return Promise.reject(new Error('NOT_COORDINATOR'));
      };
      return seam;
    };
    await expect(refusing(true).run(records('a'))).resolves.toBeUndefined();
    taken = false;
    await expect(refusing(false).run(records('a'))).rejects.toThrow('NOT_COORDINATOR');
  });

  it('does not commit a batch whose partition was taken meanwhile (a rebalance): the new owner parses it again', async () => {
    let taken = false;
    const seam = givenSeam(
      async (jobs) => {
        taken = true;
        return parseAll(jobs);
      },
      { stale: () => taken },
    );
    await seam.run(records('a'));
    expect(seam.log).toEqual(['append a', 'send jobs.settled 1']);
    expect(seam.settledHere).toEqual([]);
  });
});
