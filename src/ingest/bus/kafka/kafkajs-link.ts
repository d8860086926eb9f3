import { type Admin, type IHeaders, Kafka, logLevel, type Producer } from 'kafkajs';
import type { ConsumedRecord, KafkaLink } from './kafka-link.ts';

const headersOf = (headers: IHeaders | undefined): Record<string, string> =>
  Object.fromEntries(Object.entries(headers ?? {}).flatMap(([name, value]) => (value === undefined ? [] : [[name, String(value)]])));

/**
 * The bus's seam over kafkajs 2.2.4, kept thin: what the bus's safety rests on is not here
 * but in its use of it (commit after append, idempotent appends: ADR 10). Manual commits
 * only (autoCommit off, nothing resolved before it is committed), so a record is read again
 * by the next owner of its partition unless its batch finished.
 */
export function createKafkajsLink(brokers: readonly string[], clientId = 'indian-market-data'): KafkaLink {
  const kafka = new Kafka({ clientId, brokers: [...brokers], logLevel: logLevel.WARN });
  let admin: Promise<Admin> | undefined;
  let producer: Promise<Producer> | undefined;
  const consumers = new Set<{ stop(): Promise<void> }>();
  const adminClient = () =>
    (admin ??= (async () => {
      const client = kafka.admin();
      await client.connect();
      return client;
    })());
  // Idempotent and acknowledged by every in-sync replica: a send that resolved is durable.
  const producerClient = () =>
    (producer ??= (async () => {
      const client = kafka.producer({ idempotent: true, maxInFlightRequests: 1 });
      await client.connect();
      return client;
    })());

  return {
    async ensureTopics(topics) {
      const client = await adminClient();
      const existing = new Set(await client.listTopics());
      const missing = topics.filter(({ topic }) => !existing.has(topic));
      if (missing.length === 0) return;
      await client.createTopics({
        waitForLeaders: true,
        topics: missing.map(({ topic, partitions, retentionMs }) => ({
          topic,
          numPartitions: partitions,
          ...(retentionMs ? { configEntries: [{ name: 'retention.ms', value: String(retentionMs) }] } : {}),
        })),
      });
    },
    async send(topic, records) {
      const client = await producerClient();
      await client.send({
        topic,
        acks: -1,
        messages: records.map(({ key, value, headers }) => ({ key, value, ...(headers ? { headers: { ...headers } } : {}) })),
      });
    },
    async consume({ topic, groupId, concurrency = 1, onBatch }) {
      const consumer = kafka.consumer({ groupId, sessionTimeout: 30_000, heartbeatInterval: 3_000 });
      await consumer.connect();
      // A group that has committed nothing starts at the topic's start: the records sent before
      // its first worker joined are its work too.
      await consumer.subscribe({ topics: [topic], fromBeginning: true });
      await consumer.run({
        autoCommit: false,
        eachBatchAutoResolve: false,
        partitionsConsumedConcurrently: concurrency,
        eachBatch: async (payload) => {
          const { batch } = payload;
          const records: ConsumedRecord[] = batch.messages.map((message) => ({
            key: message.key?.toString() ?? '',
            value: message.value?.toString() ?? '',
            headers: headersOf(message.headers),
            partition: batch.partition,
            offset: message.offset,
          }));
          await onBatch(records, {
            heartbeat: () => payload.heartbeat(),
            isStale: () => !payload.isRunning() || payload.isStale(),
            async commit(nextOffset) {
              await consumer.commitOffsets([{ topic, partition: batch.partition, offset: nextOffset }]);
              // Resolved once committed: kafkajs fetches past it only then.
              payload.resolveOffset((BigInt(nextOffset) - 1n).toString());
            },
          });
        },
      });
      const handle = {
        async stop() {
          if (!consumers.delete(handle)) return;
          await consumer.disconnect();
        },
      };
      consumers.add(handle);
      return handle;
    },
    async lag(topic, groupId) {
      const client = await adminClient();
      const ends = await client.fetchTopicOffsets(topic);
      const [committed] = await client.fetchOffsets({ groupId, topics: [topic] });
      const offsetOf = new Map(committed?.partitions.map((p) => [p.partition, p.offset]));
      return ends.reduce((sum, { partition, high, low }) => {
        const at = offsetOf.get(partition);
        return sum + Number(BigInt(high) - BigInt(at === undefined || at === '-1' ? low : at));
      }, 0);
    },
    async close() {
      for (const consumer of [...consumers]) await consumer.stop();
      await (await producer)?.disconnect();
      await (await admin)?.disconnect();
    },
  };
}
