import type { Logger } from 'pino';
import type { DomainEvent } from '../../schemas/events/catalogue.ts';
import type { Config } from '../platform/config.ts';
import type { Database } from '../platform/db/db.ts';
import type { EventStore } from '../platform/event-store/event-store.ts';
import { parserRegistry } from '../ingest/formats/all-parsers.ts';
import { contextProvidersFor } from './context-providers.ts';
import { type Ingestion, startIngestion } from './ingestion.ts';

/**
 * Ingestion as this service's processes run it, its worker started: every connector's parser
 * and context, the job lease and worker count of the config, and queue errors logged.
 */
export async function startServiceIngestion(
  config: Config,
  db: Database,
  store: EventStore<DomainEvent>,
  logger: Pick<Logger, 'error'>,
): Promise<Ingestion> {
  const ingestion = await startIngestion(db, store, parserRegistry, {
    contextProviders: contextProvidersFor(db),
    onError: (error) => logger.error({ err: error }, 'ingestion queue error'),
    leaseSeconds: config.ingestJobLeaseSeconds,
    // A PGlite folder is held by one process: jobs active at its start were a dead process's.
    retryActiveAtStart: db.kind === 'pglite',
    parseThreads: config.ingestParseThreads,
  });
  await ingestion.startWorker({ workers: config.ingestWorkers });
  return ingestion;
}
