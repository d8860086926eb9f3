import { inject } from 'vitest';
import { createKafkajsLink } from '#ingest/bus/kafka/kafkajs-link';
import { startMemoryBus } from '#ingest/bus/memory-bus';
import { postgres, TEST_DATABASES } from '../support/databases.ts';
import { type BusAdapter, describeIngestBusContract } from './ingest-bus.contract.ts';
import { pgBossAdapter } from './pg-boss-test-bus.ts';
import { kafkaAdapter } from './kafka-test-bus.ts';
import { createMemoryKafka } from '../support/memory-kafka.ts';

const [pglite] = TEST_DATABASES;
if (!pglite) throw new Error('PGlite is always among the test databases');

const memory: BusAdapter = {
  name: 'in-memory',
  // The bus holds its jobs in memory; the database is only the ingestion case's store.
  database: pglite,
  async start(_db, policy) {
    const bus = await startMemoryBus({ leaseMs: policy.leaseSeconds * 1000, retryLimit: policy.retryLimit, retryDelayMs: 200 });
    return {
      bus,
      takeAndDie: () => Promise.resolve(bus.takeAndDie()),
      deadLetters: () => Promise.resolve(bus.deadLetters().map((job) => job.documentId)),
    };
  },
};

describeIngestBusContract(memory);
describeIngestBusContract(pgBossAdapter(pglite));
describeIngestBusContract(
  postgres
    ? pgBossAdapter(postgres)
    : { ...pgBossAdapter(pglite), name: 'pg-boss on postgres', skipReason: 'TEST_DATABASE_URL is not set' },
);

// The Kafka adapter's own logic (keys, commit after append, retries, dead letters) over a
// broker in memory: it runs everywhere. The same adapter against a real broker is below.
const broker = createMemoryKafka();
describeIngestBusContract(kafkaAdapter('kafka on an in-memory broker', pglite, () => broker.link()));

// A real broker: KAFKA_BROKERS, or the run's container where a Docker engine is reachable
// (test/support/kafka-setup.ts); otherwise reported skipped, with the reason in its name.
const kafka = inject('kafka');
describeIngestBusContract(
  'brokers' in kafka
    ? kafkaAdapter(`kafka at ${kafka.brokers.join(',')}`, pglite, () => createKafkajsLink(kafka.brokers))
    : kafkaAdapter('kafka', pglite, () => broker.link(), kafka.skipReason),
);
