import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { PROJECTIONS } from '#projections';
import type { Config } from '#platform/config';
import { type Database, deferredDatabase, limitReadTime } from '#platform/db';
import { openServiceDatabase } from '#runtime/open-service-database';
import { databaseKindOf, openPgPool } from '#platform/db-engines';
import { issueFirstKey } from '#serve/access';
import { buildApp } from '#serve/http';
import { createQueryEngine } from '#read/query';
import { runProjector } from '#platform/projector';
import { openPendingCounter } from '#runtime/configured-bus';
import { pendingDocuments } from '#runtime/sample-ingest';
import { openServiceEventStore } from '#runtime/service-event-store';
import { syncStatusOf } from '#runtime/sync-status';
import { followedDatasets } from '#runtime/sync-runtime';
import { sampleDue, startWorker } from '#runtime/worker';
import { createDocumentIntake } from '#runtime/document-intake';
import type { Ingestion } from '#runtime/ingestion';
import { startServiceIngestion } from '#runtime/service-ingestion';
import { IngestUnavailableError } from '#platform/errors';
import { startReturningFreeMemory } from '#platform/process';

export interface RunningService {
  readonly db: Database;
  /** The HTTP app when the service serves the API; already listening. */
  readonly app: FastifyInstance | undefined;
  /** The address the API listens on, e.g. http://127.0.0.1:8000. */
  readonly address: string | undefined;
  /** Settles when the projector loop ends: resolves after `stop`, rejects if it failed. */
  readonly projectorDone: Promise<void>;
  stop(): Promise<void>;
}

export interface ServiceRoles {
  readonly api: boolean;
  readonly projector: boolean;
  /** Parses queued documents, watches the inbox, ingests the sample into an empty store. */
  readonly worker: boolean;
}

/**
 * Opens the database, migrates it, and starts the roles asked for: the projector loop,
 * the HTTP API, or both in one process (`npm start`). `opening` is the database already being
 * opened and migrated by the caller (`openServiceDatabase`), which `npm start` begins before it
 * imports this module; it is closed if the start fails before the service runs.
 */
export async function startService(config: Config, roles: ServiceRoles, opening?: Promise<Database>): Promise<RunningService> {
  const logger = pino({ level: config.logLevel });
  try {
    // SYNC_DATASETS naming no dataset fails the start, before the database is opened.
    if (config.sync.follow) followedDatasets(config);
  } catch (error) {
    await (await opening?.catch(() => undefined))?.close();
    throw error;
  }
  // The database is opened (and, for a worker, whether this start ingests the sample decided
  // and recorded) while the API is built and starts listening: until then a request that needs
  // the database waits for it, and one that does not is answered (docs/start-up.md).
  const opened = opening ?? openServiceDatabase(config);
  const ingestsSample = opened.then((open) => roles.worker && sampleDue(config, open));
  ingestsSample.catch(() => undefined); // awaited below
  const db = deferredDatabase(databaseKindOf(config), opened, ingestsSample);
  const store = await openServiceEventStore(db, config.eventStore);
  const controller = new AbortController();
  // Started once the database is open, while the API may still be starting; held in an object,
  // as a promise returned from `then` would be awaited in its place.
  const projector = ingestsSample.then(() => {
    const loop =
      roles.projector && !controller.signal.aborted
        ? runProjector({ db, store, projections: PROJECTIONS, signal: controller.signal, batchSize: config.projectorBatchSize, logger })
        : Promise.resolve();
    loop.catch(() => undefined); // observed as projectorDone below, once the start is through
    return { loop };
  });
  projector.catch(() => undefined); // a failure to open is the start's; the projector's own is observed below
  // Issued once the database is open, beside the app's start; written before the service is
  // started (its file is how a first start's user reads the API).
  const firstKey = roles.api && databaseKindOf(config) === 'pglite' ? issueFirstKey(db, config.dataDir) : Promise.resolve(undefined);
  firstKey.catch(() => undefined); // awaited below
  let worker: { readonly ingestion: Ingestion; stop(): Promise<void> } | undefined;
  // Uploads (POST /v1/documents) go to this process's worker once it has started; an API
  // process without one starts, on the first upload, ingestion that stores and queues only,
  // for the workers elsewhere to parse (docs/relay.md).
  let uploadsOnly: Promise<Ingestion> | undefined;
  const uploadIngestion = (): Promise<Ingestion> => {
    if (roles.worker) {
      return worker
        ? Promise.resolve(worker.ingestion)
        : Promise.reject(new IngestUnavailableError('its ingestion is starting; retry in a moment'));
    }
    uploadsOnly ??= startServiceIngestion(config, db, store, logger, { worker: false }).catch((error: unknown) => {
      uploadsOnly = undefined;
      throw error;
    });
    return uploadsOnly;
  };
  const pending = roles.api ? openPendingCounter(config, db) : undefined;
  // The API's statements go ahead of ingestion's where the two share a connection (PGlite);
  // on a server they have connections of their own whose statements the server stops at the
  // read time limit. Either way a read past the limit is a 503 (docs/read-time-limits.md).
  const reads = roles.api ? apiDatabase(config, opened, ingestsSample) : db;
  const app = roles.api
    ? buildApp({
        db: reads,
        projections: PROJECTIONS,
        eventStore: store,
        logger,
        limits: { perMinute: config.rateLimitPerMinute, monthly: config.monthlyAllowance },
        // The embedded folder is locked to this process: no other counts in it.
        countRequestsInProcess: db.kind === 'pglite',
        publicRateLimitPerMinute: config.publicRateLimitPerMinute,
        trustProxy: config.trustProxy,
        queryEngine: createQueryEngine(config.answerModel),
        corsOrigins: config.corsOrigins,
        mcpAllowedHosts: config.mcpAllowedHosts,
        mcpMaxBatchMessages: config.mcpMaxBatchMessages,
        maxKeysPerWorkspace: config.maxKeysPerWorkspace,
        pendingDocuments: () => pendingDocuments(reads, pending?.count),
        syncStatus: syncStatusOf(reads, config),
        requestLimits: config.requestLimits,
        connectionLimits: config.connectionLimits,
        responseCacheBytes: config.responseCacheBytes,
        documentIntake: createDocumentIntake(uploadIngestion, { limits: config.ingestLimits }),
      })
    : undefined;
  const freeMemory = config.mallocTrimSeconds === undefined ? undefined : startReturningFreeMemory(config.mallocTrimSeconds * 1000);
  const stop = async () => {
    freeMemory?.stop();
    controller.abort();
    await app?.close();
    await pending?.close();
    await (await uploadsOnly?.catch(() => undefined))?.stop();
    await worker?.stop();
    await projector.then(({ loop }) => loop).catch(() => undefined);
    await store.close();
    // A server's API pool is the API's own; PGlite's lane closes with the database.
    if (reads !== db && reads.kind === 'postgres') await reads.close();
    await db.close();
  };
  let address: string | undefined;
  let projectorDone: Promise<void>;
  let open: Database;
  try {
    address = app ? await app.listen({ port: config.port, host: config.host }) : undefined;
    const ingestSample = await ingestsSample;
    open = await opened;
    projectorDone = (await projector).loop.catch((error: unknown) => {
      logger.fatal({ err: error }, 'projector stopped');
      throw error;
    });
    projectorDone.catch(() => undefined); // observed here; callers may also await it
    const file = await firstKey;
    if (file) logger.info({ file }, 'no API key existed: one with the read and admin scopes was written to this file');
    // After the API listens: a first start answers while the bundled sample is ingested.
    worker = roles.worker ? await startWorker(config, db, store, logger, controller.signal, ingestSample) : undefined;
  } catch (error) {
    // e.g. the port is taken, or the database did not open: release the database (and
    // PGlite's folder lock) and the port before failing.
    await stop();
    throw error;
  }
  logger.info({ database: db.kind, address, projector: roles.projector, worker: roles.worker }, 'service started');
  return { db: open, app, address, projectorDone, stop };
}

/**
 * The database the API reads through, every read bounded by READ_STATEMENT_TIMEOUT_MS
 * (limitReadTime, docs/read-time-limits.md): PGlite's foreground lane; on a server, a pool of its
 * own whose connections carry the limit as `statement_timeout`, opened once the service's
 * database is open and migrated (the projector and ingestion keep theirs unbounded). The limit
 * applies once the database is open: a request that arrives while it opens waits for it, as
 * before (docs/start-up.md).
 */
function apiDatabase(config: Config, opened: Promise<Database>, ready: Promise<unknown>): Database {
  const ms = config.readStatementTimeoutMs;
  const url = config.databaseUrl;
  if (!url)
    return deferredDatabase(
      'pglite',
      opened.then((open) => limitReadTime(open.foreground ?? open, ms)),
      ready,
    );
  const pool = opened.then(() => openPgPool(url, { statementTimeoutMs: ms }));
  return deferredDatabase(
    'postgres',
    pool.then((open) => limitReadTime(open, ms)),
    ready,
  );
}
