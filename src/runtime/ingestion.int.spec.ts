import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/support/databases.ts';
import { parserRegistry } from '../ingest/formats/all-parsers.ts';
import { ingestInputs } from '../ingest/pipeline/ingest-inputs.ts';
import { readInputs } from '../ingest/pipeline/sources/read-inputs.ts';
import { BUNDLED_SAMPLE_DIR, DEFAULT_INGEST_LIMITS } from '../platform/config.ts';
import type { Database } from '../platform/db/db.ts';
import { createDomainEventStore } from '../platform/event-store/domain-event-store.ts';
import { type Ingestion, startIngestion } from './ingestion.ts';

describeEachDatabase('a worker started on a database no projector has set up yet', (database) => {
  let db: Database | undefined;
  let ingestion: Ingestion | undefined;
  afterAll(async () => {
    await ingestion?.stop();
    await db?.close();
  });

  it('sets up the companies read model it resolves names with, and parses every document on the first try', async () => {
    db = await database.open();
    const errors: Error[] = [];
    // No retries: a job that fails shows as failed at once instead of waiting out a backoff.
    ingestion = await startIngestion(db, createDomainEventStore(db), parserRegistry, {
      onError: (error) => errors.push(error),
      retry: { retryLimit: 0, retryDelay: 0, retryBackoff: false },
    });
    await ingestion.startWorker();
    const { files } = await readInputs([path.join(BUNDLED_SAMPLE_DIR, 'master')], { limits: DEFAULT_INGEST_LIMITS });
    const summary = await ingestInputs(ingestion.deps, files, { pollMs: 20 });
    expect(errors.map((e) => e.message)).toEqual([]);
    expect(summary).toMatchObject({ files: 3, parsed: 3, failed: 0, rejected: 0 });
  });
});
