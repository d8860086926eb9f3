import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { PROJECTIONS } from '#projections';
import { describeEachDatabase } from '../../test/support/databases.ts';
import { givenIngestion } from '../../test/support/ingestion-harness.ts';
import { ingestBundledSample } from '../../test/support/sample-template.ts';
import { type Harness, openHarness } from '../../test/support/service-harness.ts';
import { parserRegistry } from '#ingest/formats/all-parsers/all-parsers';
import { ingestInputs } from '#ingest/pipeline/ingest-inputs';
import { readInputs } from '#ingest/sources/read-inputs';
import { BUNDLED_SAMPLE_DIR, DEFAULT_INGEST_LIMITS } from '#platform/config/config';
import type { Database } from '#platform/db/db';
import { createDomainEventStore } from '#platform/event-store/domain-event-store';
import { catchUp } from '#platform/projector/catch-up';
import { contextProvidersFor } from '#runtime/context-providers';
import { type Ingestion, startIngestion } from '#runtime/ingestion';

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

describeEachDatabase('a worker that parses in threads', (database) => {
  const inThread = givenIngestion(database, {}, { sample: true });
  let threaded: Harness | undefined;
  afterAll(() => threaded?.close());

  it('appends the same events, under the same ids and streams, as one that parses on its own thread', async () => {
    threaded = await openHarness(database);
    await catchUp(threaded.db, threaded.store, PROJECTIONS);
    const ingestion = await startIngestion(threaded.db, threaded.store, parserRegistry, {
      contextProviders: contextProvidersFor(threaded.db),
      onError: () => undefined,
      parseThreads: 2,
    });
    try {
      await ingestion.startWorker();
      await ingestBundledSample(ingestion);
    } finally {
      await ingestion.stop();
    }
    // Receipts carry their own receipt times; what parsing appends does not. A company id
    // found for a symbol or scrip code depends on how far the companies read model had
    // caught up when the file was parsed (it stops below the oldest open transaction on
    // the server, another suite's included), not on where the parse ran.
    const parsed = async (db: Database) =>
      (
        await db.query<{ id: string }>(
          `select event_id::text || ' ' || stream_id || ' ' || event_type || ' ' || (data - 'receivedAt' - 'companyId')::text as id from es_events
           where event_type not in ('DocumentReceived', 'DocumentDisseminated') order by 1`,
        )
      ).rows.map((row) => row.id);
    const expected = await parsed(inThread.harness.db);
    expect(expected.length).toBeGreaterThan(100);
    expect(await parsed(threaded.db)).toEqual(expected);
  }, 240_000);
});
