import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startIngestion } from '#runtime/ingestion';
import { describeEachDatabase } from '../../../test/support/databases.ts';
import { type Harness, openHarness } from '../../../test/support/service-harness.ts';
import { testCsvParser } from '../../../test/support/test-parsers.ts';
import { createCompanyDirectory } from './company-directory.ts';
import { createParserRegistry } from '#ingest/formats/parser-registry/parser-registry';
import type { Parser } from '#ingest/shared/parser/parser';
import { processDocument } from './process-document.ts';
import { loadRawDocument } from './raw-documents.ts';
import { type IncomingDocument, receiveDocument, receiveDocuments, sha256Hex } from './receive-document.ts';
import { ingestInputs } from './ingest-inputs.ts';
import { inputFromBytes } from '#ingest/sources/read-inputs';

const copy = (n: number, knownAt: string | null): IncomingDocument => ({
  bytes: new TextEncoder().encode(`TESTCSV\nINE00000${n}014,Copy Co\n`),
  fileName: `copy-${knownAt ?? 'none'}.csv`,
  knownAt,
  sourceUrl: knownAt ? `https://example.test/${knownAt}.csv` : null,
});

const EARLY = '2023-10-27T05:12:03.000Z';
const LATE = '2023-10-30T06:08:04.000Z';

describeEachDatabase('a document delivered more than once', (database) => {
  let harness: Harness;
  beforeAll(async () => {
    harness = await openHarness(database);
  });
  afterAll(() => harness.close());

  const registry = createParserRegistry([testCsvParser]);
  const copies = async (documentId: string) =>
    (
      await harness.db.query<{ data: { fileName: string; knownAt: string | null } }>(
        `select data from es_events where stream_id = $1 and event_type = 'DocumentDisseminated' order by stream_version`,
        [`document-${documentId}`],
      )
    ).rows.map((row) => [row.data.fileName, row.data.knownAt]);

  describe('on receipt', () => {
    it('keeps the earliest copy as the document and records every copy once, in either order', async () => {
      for (const [n, order] of [
        [1, [LATE, EARLY]],
        [2, [EARLY, LATE]],
      ] as const) {
        const [first, second] = order.map((knownAt) => copy(n, knownAt)) as [IncomingDocument, IncomingDocument];
        const a = await receiveDocument(harness.db, registry, first);
        const b = await receiveDocument(harness.db, registry, second);
        expect(b).toMatchObject({ outcome: 'known', contextChanged: order[1] === EARLY });
        expect(await loadRawDocument(harness.db, a.documentId)).toMatchObject({ knownAt: EARLY, fileName: `copy-${EARLY}.csv` });
        await receiveDocument(harness.db, registry, first);
        expect((await copies(a.documentId)).sort()).toEqual([
          [`copy-${EARLY}.csv`, EARLY],
          [`copy-${LATE}.csv`, LATE],
        ]);
      }
    });

    it('takes the earliest copy of one batch whatever its place, and never trades a stated time for none', async () => {
      const [received] = await receiveDocuments(harness.db, registry, [copy(3, null), copy(3, LATE), copy(3, EARLY)]);
      expect(await loadRawDocument(harness.db, received?.documentId ?? '')).toMatchObject({ knownAt: EARLY });
      expect(await receiveDocument(harness.db, registry, copy(3, null))).toMatchObject({ contextChanged: false });
    });
  });

  it('parses again with the earlier copy when one arrives while the document is being parsed', async () => {
    let interleaved = false;
    // `extract` runs before the parse, outside its transaction: the moment another delivery
    // of the same bytes may land.
    const racing: Parser = {
      ...testCsvParser,
      async extract() {
        if (!interleaved) {
          interleaved = true;
          await receiveDocument(harness.db, registry, copy(4, EARLY));
        }
        return {};
      },
    };
    const documentId = (await receiveDocument(harness.db, registry, copy(4, LATE))).documentId;
    const deps = { db: harness.db, parsers: createParserRegistry([racing]), companies: createCompanyDirectory(async () => []) };
    const outcome = await processDocument(deps, documentId);
    expect(outcome.status).toBe('parsed');
    const { rows } = await harness.db.query<{ known_at: string }>(
      `select metadata->>'knownAt' as known_at from es_events where event_type = 'CompanyRegistered' and metadata->>'sourceSha256' = $1`,
      [documentId],
    );
    expect(rows.map((row) => new Date(row.known_at).toISOString())).toEqual([EARLY]);
  });

  it("ends a run whose copy was replaced by an earlier one before it was parsed, with the earlier copy's outcome", async () => {
    const late = copy(5, LATE);
    const ingestion = await startIngestion(harness.db, harness.store, registry, { onError: () => undefined, loadHoldings: async () => [] });
    try {
      // No worker yet: the run receives the later copy and waits for the outcome of its context.
      const run = ingestInputs(ingestion.deps, [inputFromBytes(late.fileName, 'test', late.bytes)], { knownAt: LATE, pollMs: 20 });
      const documentId = sha256Hex(late.bytes);
      while (!(await loadRawDocument(harness.db, documentId))) await new Promise((resolve) => setTimeout(resolve, 20));
      await receiveDocument(harness.db, registry, copy(5, EARLY));
      await ingestion.startWorker();
      expect(await run).toMatchObject({ parsed: 1, failed: 0 });
    } finally {
      await ingestion.stop();
    }
  }, 60_000);
});
