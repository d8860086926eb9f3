import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { PROJECTIONS } from '#projections';
import { describeEachDatabase } from '../../test/support/databases.ts';
import { REPO_ROOT } from '../../test/support/parse-input.ts';
import { type Harness, openHarness } from '../../test/support/service-harness.ts';
import { parserRegistry } from '#ingest/formats/all-parsers/all-parsers';
import { startMemoryBus } from '#ingest/bus/memory-bus';
import { ingestInputs, reparseStored } from '#ingest/pipeline/ingest-inputs';
import { listRawDocuments } from '#ingest/pipeline/raw-documents';
import { readInputs } from '#ingest/sources/read-inputs';
import { catchUp } from '#platform/projector/catch-up';
import { contextProvidersFor } from '#runtime/context-providers';
import { countDeadLetteredDocuments } from '#runtime/dead-lettered-documents';
import { type Ingestion, startIngestion } from '#runtime/ingestion';

const MASTER = path.join(REPO_ROOT, 'sample-data/master/EQUITY_L.csv');
const BSE_MASTER = path.join(REPO_ROOT, 'sample-data/master/ListOfScrips.csv');

describeEachDatabase('a document whose parse fails every attempt on the in-process bus', (database) => {
  let harness: Harness;
  const started: Ingestion[] = [];
  /** Ingestion on a bus in memory that retries once, with the companies read model failing or not. */
  const start = async (companies: 'unreachable' | 'reachable') => {
    const ingestion = await startIngestion(harness.db, harness.store, parserRegistry, {
      bus: await startMemoryBus({ retryLimit: 1, retryDelayMs: 10 }),
      contextProviders: contextProvidersFor(harness.db),
      onError: () => undefined,
      ...(companies === 'unreachable' ? { loadHoldings: () => Promise.reject(new Error('the companies read model is unreachable')) } : {}),
    });
    started.push(ingestion);
    await ingestion.startWorker();
    return ingestion;
  };
  beforeAll(async () => {
    harness = await openHarness(database);
    await catchUp(harness.db, harness.store, PROJECTIONS);
  });
  afterAll(async () => {
    for (const ingestion of started) await ingestion.stop();
    await harness?.close();
  });

  it('is recorded rejected with the last error and counted dead-lettered, until a parse succeeds; a parsed one keeps its parse', async () => {
    const failing = await start('unreachable');
    const summary = await ingestInputs(failing.deps, (await readInputs([MASTER])).files, { pollMs: 20 });
    expect(summary).toMatchObject({ files: 1, parsed: 0, failed: 1 });
    const documentId = summary.documents[0]?.documentId ?? '';
    const outcomes = async (id = documentId) =>
      (
        await harness.db.query<{ event_type: string; reason: string | null }>(
          `select event_type, data->>'reason' as reason from es_events
           where stream_id = $1 and event_type in ('DocumentParsed', 'DocumentRejected') order by global_position`,
          [`document-${id}`],
        )
      ).rows;
    expect(await outcomes()).toEqual([
      {
        event_type: 'DocumentRejected',
        reason: 'parsing failed on every attempt; the last error: the companies read model is unreachable',
      },
    ]);
    await harness.project();
    expect(await countDeadLetteredDocuments(harness.db)).toBe(1);

    // The cause fixed, the document parsed again: its parse lands after the dead letter and speaks for it.
    const healthy = await start('reachable');
    const again = await reparseStored(healthy.deps, await listRawDocuments(harness.db, { documentIds: [documentId] }), { pollMs: 20 });
    expect(again).toMatchObject({ parsed: 1, failed: 0 });
    expect((await outcomes()).map((o) => o.event_type)).toEqual(['DocumentRejected', 'DocumentParsed']);
    await harness.project();
    expect(await countDeadLetteredDocuments(harness.db)).toBe(0);

    // A document parsed, then failing every attempt of a reparse, keeps its parse: no rejection.
    const parsedFirst = await ingestInputs(healthy.deps, (await readInputs([BSE_MASTER])).files, { pollMs: 20 });
    expect(parsedFirst).toMatchObject({ parsed: 1, failed: 0 });
    const parsedId = parsedFirst.documents[0]?.documentId ?? '';
    const third = await reparseStored(failing.deps, await listRawDocuments(harness.db, { documentIds: [parsedId] }), { pollMs: 20 });
    expect(third).toMatchObject({ parsed: 0, failed: 1 });
    expect((await outcomes(parsedId)).map((o) => o.event_type)).toEqual(['DocumentParsed']);
  });
});
