import { randomUUID } from 'node:crypto';
import { startKafkaBus } from '#ingest/bus/kafka/kafka-bus';
import type { ConsumedRecord, KafkaLink } from '#ingest/bus/kafka/kafka-link';
import { readJob } from '#ingest/bus/kafka/kafka-messages';
import type { TestDatabase } from '../support/databases.ts';
import { until } from '../support/until.ts';
import type { BusAdapter } from './ingest-bus.contract.ts';

const nextOffset = (record: ConsumedRecord) => (BigInt(record.offset) + 1n).toString();

/** Every record on `topic` now, read by a group of its own. */
async function readTopic(link: KafkaLink, topic: string): Promise<string[]> {
  const groupId = `reader-${randomUUID()}`;
  const values: string[] = [];
  const consumer = await link.consume({
    topic,
    groupId,
    async onBatch(records, controls) {
      values.push(...records.map((record) => record.value));
      const last = records[records.length - 1];
      if (last) await controls.commit(nextOffset(last));
    },
  });
  try {
    await until(async () => ((await link.lag(topic, groupId)) === 0 ? true : undefined), 30_000);
  } finally {
    await consumer.stop();
  }
  return values;
}

/** A worker of the group that takes the next record and leaves without committing it, as a killed process would. */
async function takeAndDie(link: KafkaLink, topic: string, groupId: string): Promise<string | undefined> {
  let taken: ((jobId: string | undefined) => void) | undefined;
  const took = new Promise<string | undefined>((resolve) => (taken = resolve));
  const consumer = await link.consume({
    topic,
    groupId,
    onBatch(records) {
      const [first] = records;
      const read = first && readJob(first.value);
      taken?.(read?.ok ? read.job.jobId : undefined);
      return Promise.resolve();
    },
  });
  try {
    return await Promise.race([took, new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), 30_000))]);
  } finally {
    await consumer.stop();
  }
}

/** The Kafka bus over links `openLink` opens (one a bus, as processes would), each start on topics and a group of its own. */
export function kafkaAdapter(name: string, database: TestDatabase, openLink: () => KafkaLink, skipReason?: string): BusAdapter {
  return {
    name,
    skipReason,
    database,
    async start(_db, policy, onError) {
      const topic = `ingest-test-${randomUUID()}`;
      const groupId = `parsers-${randomUUID()}`;
      const bus = await startKafkaBus(openLink(), {
        topic,
        groupId,
        partitions: 3,
        retry: { limit: policy.retryLimit, delayMs: 200 },
        heartbeatMs: 1_000,
        onError,
      });
      const link = openLink();
      return {
        bus: {
          ...bus,
          async stop() {
            await bus.stop();
            await link.close();
          },
        },
        takeAndDie: () => takeAndDie(link, topic, groupId),
        deadLetters: async () =>
          (await readTopic(link, `${topic}.dead`)).flatMap((value) => {
            const read = readJob(value);
            return read.ok ? [read.job.documentId] : [];
          }),
      };
    },
  };
}
