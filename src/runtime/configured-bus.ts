import type { Config } from '../platform/config.ts';
import type { Database } from '../platform/db/db.ts';
import type { IngestBus, PendingJobs } from '../ingest/bus/ingest-bus.ts';
import { startKafkaBus } from '../ingest/bus/kafka/kafka-bus.ts';
import { createKafkajsLink } from '../ingest/bus/kafka/kafkajs-link.ts';
import { startPgBossBus } from '../ingest/bus/pg-boss-bus.ts';
import { countPendingJobs } from '../ingest/bus/pg-boss-pending.ts';

/** The bus the configuration names (INGEST_BUS), started: pg-boss on `db`, or Kafka. */
export function startConfiguredBus(config: Config, db: Database, onError: (error: Error) => void): Promise<IngestBus> {
  const bus = config.ingestBus;
  if (bus.kind === 'kafka')
    return startKafkaBus(createKafkajsLink(bus.brokers), {
      topic: bus.topic,
      groupId: bus.groupId,
      partitions: bus.partitions,
      onError,
    });
  return startPgBossBus(db, onError, {
    leaseSeconds: config.ingestJobLeaseSeconds,
    // A PGlite folder is held by one process: jobs active at its start were a dead process's.
    retryActiveAtStart: db.kind === 'pglite',
  });
}

/**
 * The count of unsettled jobs /health reports, for a process that need not run the bus (an
 * API replica): pg-boss's job table, or the Kafka group's lag (in flight counted as queued:
 * which records a group's workers hold is theirs to know).
 */
export function openPendingCounter(
  config: Config,
  db: Database,
): { readonly count: () => Promise<PendingJobs>; readonly close: () => Promise<void> } {
  const bus = config.ingestBus;
  if (bus.kind !== 'kafka') return { count: () => countPendingJobs(db), close: () => Promise.resolve() };
  const link = createKafkajsLink(bus.brokers);
  return {
    count: async () => ({ queued: await link.lag(bus.topic, bus.groupId).catch(() => 0), inFlight: 0 }),
    close: () => link.close(),
  };
}
