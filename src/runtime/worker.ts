import { mkdir } from 'node:fs/promises';
import type { Logger } from 'pino';
import type { DomainEvent } from '#schemas/events';
import type { Config } from '#platform/config';
import type { Database } from '#platform/db';
import type { EventStore } from '#platform/event-store';
import { type IngestSummary, ingestInputs } from '#ingest/pipeline';
import { inboxOf, type ReadInputsOptions, readInputs } from '#ingest/sources';
import { watchFolder } from '#ingest/watch-folder';
import type { Ingestion } from '#runtime/ingestion';
import { startServiceIngestion } from '#runtime/service-ingestion';
import { ingestSample, sampleStillToIngest } from '#runtime/sample-ingest';
import { startFollowing } from '#runtime/sync-runtime';

async function ingestFolder(
  ingestion: Ingestion,
  paths: readonly string[],
  source: string,
  logger: Logger,
  signal: AbortSignal,
  read: ReadInputsOptions,
): Promise<IngestSummary> {
  const inputs = await readInputs(paths, read);
  const summary = await ingestInputs(ingestion.deps, inputs.files, { source, signal });
  for (const problem of [...inputs.problems, ...summary.inputProblems]) logger.warn(problem, 'input skipped');
  const { files, parsed, rejected, failed, events, seconds, rejections } = summary;
  logger.info(
    { files, parsed, rejected, failed, events, seconds, rejections: rejections.map((r) => `${r.fileName}: ${r.reason}`) },
    `${source} ingested`,
  );
  return summary;
}

/**
 * Whether this start ingests the bundled sample. Decided before the inbox is watched, so that
 * files dropped there before the first start do not make the store look started, and before
 * the API listens, so that /health says the sample is ingesting from its first answer.
 */
export async function sampleDue(config: Config, db: Database): Promise<boolean> {
  return config.sampleDataDir !== undefined && (await sampleStillToIngest(db));
}

/**
 * The ingestion worker of a service process: parses queued documents, ingests files
 * dropped into the inbox (how the ingest command hands files to a service that holds the
 * PGlite folder), ingests the bundled sample data into an empty store, completing it at
 * the next start if a crash cut it short (./sample-ingest.ts), and with SYNC=on follows the
 * exchanges (./sync-runtime.ts).
 */
export async function startWorker(
  config: Config,
  db: Database,
  store: EventStore<DomainEvent>,
  logger: Logger,
  signal: AbortSignal,
  /** The answer of `sampleDue`, asked once the database opened, before the API's first statement. */
  withSample: boolean,
): Promise<{ readonly ingestion: Ingestion; stop(): Promise<void> }> {
  const ingestion = await startServiceIngestion(config, db, store, logger);
  const sampleDir = config.sampleDataDir;
  const sample =
    sampleDir && withSample
      ? ingestSample(
          db,
          () => ingestFolder(ingestion, [sampleDir], 'sample', logger, signal, { limits: config.ingestLimits }),
          logger,
          signal,
        )
      : undefined;
  const inbox = inboxOf(config.dataDir);
  await mkdir(inbox, { recursive: true });
  // The inbox is a drop folder: what lands in it is not trusted to stay inside it (links).
  const inboxRead = { limits: config.ingestLimits, within: inbox };
  const watch = watchFolder(
    inbox,
    async (paths) => {
      await ingestFolder(ingestion, paths, 'inbox', logger, signal, inboxRead);
    },
    {
      removeAfter: true,
      onError: (error) => logger.error({ err: error }, 'inbox ingestion failed'),
    },
  );
  const following = config.sync.follow ? startFollowing(config, db, ingestion, logger, signal) : undefined;
  return {
    ingestion,
    async stop() {
      await watch.close();
      await following?.stop();
      await sample;
      await ingestion.stop();
    },
  };
}
