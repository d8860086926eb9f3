import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { PROJECTIONS } from '#projections';
import { describeEachDatabase } from '../../test/support/databases.ts';
import { REPO_ROOT } from '../../test/support/parse-input.ts';
import { type Harness, openHarness } from '../../test/support/service-harness.ts';
import { parserRegistry } from '#ingest/formats/all-parsers/all-parsers';
import { type MemoryBus, startMemoryBus } from '#ingest/bus/memory-bus';
import { createReconciler } from '#ingest/bus/reconcile';
import { receiveDocuments } from '#ingest/pipeline/receive-document';
import { catchUp } from '#platform/projector/catch-up';
import { contextProvidersFor } from '#runtime/context-providers';
import { type Ingestion, startIngestion } from '#runtime/ingestion';
import { findStrandedDocuments } from '#runtime/stranded-documents';

describeEachDatabase('a stored document whose job was lost', (database) => {
  let harness: Harness;
  let ingestion: Ingestion;
  let bus: MemoryBus;
  beforeAll(async () => {
    bus = await startMemoryBus();
    harness = await openHarness(database);
    await catchUp(harness.db, harness.store, PROJECTIONS);
    ingestion = await startIngestion(harness.db, harness.store, parserRegistry, {
      bus,
      contextProviders: contextProvidersFor(harness.db),
      onError: () => undefined,
    });
    await ingestion.startWorker();
  });
  afterAll(async () => {
    await ingestion?.stop();
    await harness?.close();
  });

  it('is found by the reconciler once its timeout passed, queued again and parsed: no message, no loss', async () => {
    const bytes = await readFile(path.join(REPO_ROOT, 'sample-data/master/EQUITY_L.csv'));
    // Stored (bytes and DocumentReceived), and its job never sent: a crash between the two, or a lost message.
    const [received] = await receiveDocuments(harness.db, parserRegistry, [{ bytes, fileName: 'EQUITY_L.csv' }]);
    await harness.project();
    const later = new Date(Date.now() + 60_000);
    expect(await findStrandedDocuments(harness.db, later, 10)).toEqual([
      { documentId: received?.documentId, format: received?.format, key: undefined },
    ]);
    expect(await findStrandedDocuments(harness.db, new Date(Date.now() - 60_000), 10)).toEqual([]);

    const reconciler = createReconciler({
      bus,
      timeoutMs: 1,
      findStranded: (before, limit) => findStrandedDocuments(harness.db, before, limit),
    });
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(await reconciler.reconcile()).toHaveLength(1);
    for (let i = 0; i < 200 && (await bus.pending()).queued + (await bus.pending()).inFlight > 0; i++)
      await new Promise((resolve) => setTimeout(resolve, 50));
    await harness.project();
    expect(await findStrandedDocuments(harness.db, later, 10)).toEqual([]);
    const { rows } = await harness.db.query<{ n: number }>(`select count(*)::int as n from es_events where event_type = 'DocumentParsed'`);
    expect(rows[0]?.n).toBe(1);
  });
});
