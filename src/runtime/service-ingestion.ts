import type { Logger } from 'pino';
import type { DomainEvent } from '#schemas/events';
import type { Config } from '#platform/config';
import type { Database } from '#platform/db';
import type { EventStore } from '#platform/event-store';
import { parserRegistry } from '#ingest/formats/all-parsers';
import { contextProvidersFor } from '#runtime/context-providers';
import { startReconciler } from '#ingest/bus';
import { startConfiguredBus } from '#runtime/configured-bus';
import { type Ingestion, startIngestion } from '#runtime/ingestion';
import { findStrandedDocuments } from '#runtime/stranded-documents';

/**
 * Ingestion as this service's processes run it, its worker started: every connector's parser
 * and context, the bus of the config (INGEST_BUS) with its job lease and worker count, bus
 * errors logged, and, when the config asks for it, the reconciler that queues again any
 * stored document left without an outcome. With `worker: false` (an API process taking
 * uploads), only what stores documents and queues their jobs: the workers elsewhere parse.
 */
export async function startServiceIngestion(
  config: Config,
  db: Database,
  store: EventStore<DomainEvent>,
  logger: Pick<Logger, 'error'>,
  { worker = true }: { readonly worker?: boolean } = {},
): Promise<Ingestion> {
  const onError = (error: Error) => logger.error({ err: error }, 'ingestion bus error');
  const ingestion = await startIngestion(db, store, parserRegistry, {
    bus: await startConfiguredBus(config, db, onError),
    contextProviders: contextProvidersFor(db),
    onError,
    parseThreads: worker ? config.ingestParseThreads : 0,
  });
  if (!worker) return ingestion;
  await ingestion.startWorker({ workers: config.ingestWorkers });
  const after = config.ingestBus.reconcileAfterSeconds;
  if (after === undefined) return ingestion;
  const reconciler = startReconciler({
    bus: ingestion.bus,
    findStranded: (before, limit) => findStrandedDocuments(db, before, limit),
    timeoutMs: after * 1000,
    // A few rounds a timeout: a stranded document waits at most a little over it.
    intervalMs: Math.max(1000, (after * 1000) / 4),
    onError,
  });
  return {
    ...ingestion,
    async stop() {
      await reconciler.stop();
      await ingestion.stop();
    },
  };
}
