import pino from 'pino';
import { PROJECTIONS } from '#projections';
import type { DomainEvent } from '#schemas/events';
import type { Config } from '#platform/config';
import { type Database, migrate } from '#platform/db';
import { openDatabase } from '#platform/db-engines';
import type { EventStore } from '#platform/event-store';
import { catchUp } from '#platform/projector';
import type { Ingestion } from '#runtime/ingestion';
import { openServiceEventStore } from '#runtime/service-event-store';
import { startServiceIngestion } from '#runtime/service-ingestion';

export interface IngestRuntime {
  readonly db: Database;
  readonly store: EventStore<DomainEvent>;
  readonly ingestion: Ingestion;
  /** Brings every read table up to date (the CLI does so before it exits). */
  project(): Promise<void>;
  close(): Promise<void>;
}

/**
 * What the ingest and reparse commands run on: the database, the queue with a worker in
 * this process, and the read tables caught up first, so company identifiers ingested
 * earlier resolve.
 */
export async function openIngestRuntime(config: Config): Promise<IngestRuntime> {
  const logger = pino({ level: config.logLevel }, pino.destination(2));
  const db = await openDatabase(config);
  try {
    await migrate(db);
    const store = await openServiceEventStore(db, config.eventStore);
    const project = async () => {
      await catchUp(db, store, PROJECTIONS, { batchSize: config.projectorBatchSize });
    };
    await project();
    const ingestion = await startServiceIngestion(config, db, store, logger);
    return {
      db,
      store,
      ingestion,
      project,
      async close() {
        await ingestion.stop();
        await store.close();
        await db.close();
      },
    };
  } catch (error) {
    await db.close();
    throw error;
  }
}
