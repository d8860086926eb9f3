import { afterAll, beforeAll, expect, it } from 'vitest';
import { parserRegistry } from '#ingest/formats/all-parsers/all-parsers';
import { describeEachDatabase } from '../../../test/support/databases.ts';
import { type Harness, openHarness } from '../../../test/support/service-harness.ts';
import { createCompanyDirectory } from './company-directory.ts';
import { crashingParsePool } from '../../../test/support/crashing-parse-pool.ts';
import { processDocuments } from './process-document.ts';
import { receiveDocument } from './receive-document.ts';

describeEachDatabase('a document whose parse runs its thread out of memory', (database) => {
  let harness: Harness;
  beforeAll(async () => {
    harness = await openHarness(database);
  });
  afterAll(() => harness.close());
  // The test thread module hoards memory for a document named oom.csv, past a 64 MB heap.
  const pool = crashingParsePool();
  afterAll(() => pool.close());

  it('is rejected once, with the reason, and its batch completes: nothing for a retry to parse again', async () => {
    const deps = { db: harness.db, parsers: parserRegistry, companies: createCompanyDirectory(async () => []), pool };
    // The test thread module crashes by name; the content is any small master list.
    const bytes = (name: string) =>
      new TextEncoder().encode(`SYMBOL,NAME OF COMPANY,SERIES,DATE OF LISTING,ISIN NUMBER\n${name},X,EQ,01-JAN-2001,INE002A01018\n`);
    const oom = await receiveDocument(harness.db, parserRegistry, {
      bytes: bytes('OOM'),
      fileName: 'oom.csv',
      knownAt: null,
      sourceUrl: null,
    });
    const next = await receiveDocument(harness.db, parserRegistry, {
      bytes: bytes('NEXT'),
      fileName: 'next.csv',
      knownAt: null,
      sourceUrl: null,
    });
    const outcomes = [...(await processDocuments(deps, [oom.documentId])), ...(await processDocuments(deps, [next.documentId]))];
    expect(outcomes.map((o) => [o.fileName, o.status])).toEqual([
      ['oom.csv', 'rejected'],
      ['next.csv', expect.any(String)],
    ]);
    // The next document is parsed by a new thread, as ever (its own outcome, whatever it is).
    expect(outcomes[1]?.reason ?? '').not.toMatch(/thread/);
    expect(outcomes[0]?.reason).toMatch(
      /^the parse thread ended while parsing it \(out of memory: the document needs more than the thread's heap of 64 MB; /,
    );
    const { rows } = await harness.db.query<{ event_type: string; reason: string }>(
      `select event_type, data->>'reason' as reason from es_events
       where metadata->>'sourceSha256' = $1 and event_type in ('DocumentParsed', 'DocumentRejected')`,
      [oom.documentId],
    );
    expect(rows).toEqual([{ event_type: 'DocumentRejected', reason: outcomes[0]?.reason }]);
  }, 180_000);
});
