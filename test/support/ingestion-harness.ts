import { afterAll, beforeAll } from 'vitest';
import { PROJECTIONS } from '#projections';
import { parserRegistry } from '#ingest/formats/all-parsers/all-parsers';
import { type IngestOptions, type IngestSummary, ingestInputs } from '#ingest/pipeline/ingest-inputs';
import { type InputFile, readInputs } from '#ingest/sources/read-inputs';
import { catchUp } from '#platform/projector/catch-up';
import { contextProvidersFor } from '#runtime/context-providers';
import { type Ingestion, startIngestion } from '#runtime/ingestion';
import type { TestDatabase } from './databases.ts';
import { ingestBundledSample } from './sample-template.ts';
import { type Harness, openHarness } from './service-harness.ts';

export interface IngestionHarness {
  readonly harness: Harness;
  readonly ingestion: Ingestion;
  /** Ingests files, folders or zips by path, or files already read, with every parser of the service. */
  ingest(inputs: readonly string[] | readonly InputFile[], options?: IngestOptions): Promise<IngestSummary>;
  /** Events in the store. */
  eventCount(): Promise<number>;
}

/**
 * For a suite: a fresh database with the read tables set up, and the service's ingestion
 * (every parser, the listing context, a worker) running on it until the suite ends. With
 * `sample`, it holds the bundled sample, ingested and projected: a copy of the run's sample
 * template, or (a run without one) ingested here.
 */
export function givenIngestion(
  database: TestDatabase,
  worker: { batchSize?: number } = {},
  options: { sample?: boolean } = {},
): IngestionHarness {
  let harness: Harness | undefined;
  let ingestion: Ingestion | undefined;
  beforeAll(async () => {
    harness = await openHarness(database, options);
    await catchUp(harness.db, harness.store, PROJECTIONS);
    ingestion = await startIngestion(harness.db, harness.store, parserRegistry, {
      contextProviders: contextProvidersFor(harness.db),
      onError: () => undefined,
    });
    await ingestion.startWorker(worker);
    if (options.sample && !harness.sampled) {
      await ingestBundledSample(ingestion);
      await harness.project();
    }
  }, 240_000);
  afterAll(async () => {
    await ingestion?.stop();
    await harness?.close();
  });
  const started = <T>(value: T | undefined): T => {
    if (!value) throw new Error('the ingestion harness is used before its suite started');
    return value;
  };
  return {
    get harness() {
      return started(harness);
    },
    get ingestion() {
      return started(ingestion);
    },
    async ingest(inputs, options = {}) {
      const paths = inputs.filter((input): input is string => typeof input === 'string');
      const files =
        paths.length > 0 ? (await readInputs(paths)).files : inputs.filter((input): input is InputFile => typeof input !== 'string');
      return ingestInputs(started(ingestion).deps, files, { pollMs: 50, ...options });
    },
    async eventCount() {
      const { rows } = await started(harness).db.query<{ n: number }>('select count(*)::int8 as n from es_events');
      return rows[0]?.n ?? 0;
    },
  };
}
