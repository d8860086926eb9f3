import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '#platform/db/db';
import { describeEachDatabase } from '../../../test/support/databases.ts';
import { type Harness, openHarness } from '../../../test/support/service-harness.ts';
import { testCsvParser } from '../../../test/support/test-parsers.ts';
import { createCompanyDirectory } from './company-directory.ts';
import { createParserRegistry } from '#ingest/formats/parser-registry/parser-registry';
import { type ProcessDeps, processDocument } from './process-document.ts';
import { type IncomingDocument, receiveDocument } from './receive-document.ts';

const ROWS = 40;
/** About six parts of the test format's events (one CompanyRegistered a row, ~700 characters each). */
const APPEND_TEXT = 5_000;
const EARLY = '2023-10-27T05:12:03.000Z';
const LATE = '2023-10-30T06:08:04.000Z';

/** A test-format file of ROWS companies; `n` makes its bytes, and so its document, its own. */
const listOf = (n: number, knownAt: string): IncomingDocument => {
  const rows = Array.from({ length: ROWS }, (_, i) => `INE${String(n * 1000 + i).padStart(8, '0')}${i % 10},Company ${n}-${i}`);
  return {
    bytes: new TextEncoder().encode(`TESTCSV\n${rows.join('\n')}\n`),
    fileName: `list-${n}.csv`,
    knownAt,
    sourceUrl: `https://example.test/${n}/${knownAt}.csv`,
  };
};

/** The database with `before(n)` awaited before its n-th transaction begins (from 1). */
function withHook(db: Database, before: (n: number) => Promise<void> | void): Database {
  let n = 0;
  return {
    ...db,
    query: (text, params) => db.query(text, params),
    transaction: async (fn) => {
      await before(++n);
      return db.transaction(fn);
    },
  };
}

describeEachDatabase('a parse larger than a transaction, appended in parts', (database) => {
  let harness: Harness;
  beforeAll(async () => {
    harness = await openHarness(database);
  });
  afterAll(() => harness.close());

  const registry = createParserRegistry([testCsvParser]);
  const depsOn = (db: Database): ProcessDeps => ({
    db,
    parsers: registry,
    companies: createCompanyDirectory(async () => []),
    appendText: APPEND_TEXT,
  });
  /** The document's events in commit order: each one's parse (its knownAt) and type. */
  const eventsOf = async (documentId: string) =>
    (
      await harness.db.query<{ event_id: string; event_type: string; known_at: string }>(
        `select event_id::text, event_type, metadata->>'knownAt' as known_at from es_events
         where metadata->>'sourceSha256' = $1 and event_type in ('CompanyRegistered', 'DocumentParsed')
         order by global_position`,
        [documentId],
      )
    ).rows;
  const holds = async () => (await harness.db.query('select document_id from document_appends')).rows.length;

  it('appends every event once in several transactions, the outcome last, and releases its hold', async () => {
    const { documentId } = await receiveDocument(harness.db, registry, listOf(1, LATE));
    let transactions = 0;
    const outcome = await processDocument(
      depsOn(
        withHook(harness.db, () => {
          transactions += 1;
        }),
      ),
      documentId,
    );
    expect(outcome).toMatchObject({ status: 'parsed', events: ROWS });
    expect(transactions).toBeGreaterThanOrEqual(4);
    const events = await eventsOf(documentId);
    expect(events.map((e) => e.event_type)).toEqual([...Array<string>(ROWS).fill('CompanyRegistered'), 'DocumentParsed']);
    expect(await holds()).toBe(0);
  });

  it('after a worker dies between parts, a retry appends only the parts missing', async () => {
    const { documentId } = await receiveDocument(harness.db, registry, listOf(2, LATE));
    const dying = withHook(harness.db, (n) => {
      if (n === 3) throw new Error('the worker died');
    });
    await expect(processDocument(depsOn(dying), documentId)).rejects.toThrow('the worker died');
    const landed = await eventsOf(documentId);
    expect(landed.length).toBeGreaterThan(0);
    expect(landed.length).toBeLessThan(ROWS);
    expect(await holds()).toBe(1);

    expect(await processDocument(depsOn(harness.db), documentId)).toMatchObject({ status: 'parsed', events: ROWS });
    const events = await eventsOf(documentId);
    expect(events.slice(0, landed.length)).toEqual(landed);
    expect(events.map((e) => e.event_type)).toEqual([...Array<string>(ROWS).fill('CompanyRegistered'), 'DocumentParsed']);
    expect(await holds()).toBe(0);
  });

  it('a parse of an earlier copy received meanwhile waits, and lands after the parse in parts', async () => {
    const { documentId } = await receiveDocument(harness.db, registry, listOf(3, LATE));
    let other: Promise<unknown> | undefined;
    const racing = withHook(harness.db, async (n) => {
      if (n !== 2) return;
      // After the first part: an earlier copy arrives and another worker parses it at once.
      await receiveDocument(harness.db, registry, listOf(3, EARLY));
      other = processDocument(depsOn(harness.db), documentId);
      await new Promise((resolve) => setTimeout(resolve, 500));
    });
    expect(await processDocument(depsOn(racing), documentId)).toMatchObject({ status: 'parsed' });
    expect(await other).toMatchObject({ status: 'parsed' });

    const events = await eventsOf(documentId);
    const parses = events.map((e) => new Date(e.known_at).toISOString());
    // The later copy's parse whole, outcome included, then the earlier copy's: never interleaved.
    expect(parses).toEqual([...Array<string>(ROWS + 1).fill(LATE), ...Array<string>(ROWS + 1).fill(EARLY)]);
    expect(events.filter((e) => e.event_type === 'DocumentParsed')).toHaveLength(2);
    expect(await holds()).toBe(0);
  }, 30_000);
});
