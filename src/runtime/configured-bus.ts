import type { Config } from '#platform/config';
import type { Database } from '#platform/db';
import type { IngestBus, PendingJobs } from '#ingest/jobs';
import { startKafkaBus, openKafkajsLink, startPgBossBus, countPendingJobs } from '#ingest/bus';

/** The bus the configuration names (INGEST_BUS), started: pg-boss on `db`, or Kafka. */
export async function startConfiguredBus(config: Config, db: Database, onError: (error: Error) => void): Promise<IngestBus> {
  const bus = config.ingestBus;
  if (bus.kind === 'kafka')
    return startKafkaBus(await openKafkajsLink(bus.brokers), {
      topic: bus.topic,
      groupId: bus.groupId,
      partitions: bus.partitions,
      onError,
    });
  return startPgBossBus(db, {
    onError,
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
  let link: ReturnType<typeof openKafkajsLink> | undefined;
  return {
    count: async () => {
      link ??= openKafkajsLink(bus.brokers);
      return { queued: await (await link).lag(bus.topic, bus.groupId).catch(() => 0), inFlight: 0 };
    },
    close: async () => {
      await (await link)?.close();
    },
  };
}
