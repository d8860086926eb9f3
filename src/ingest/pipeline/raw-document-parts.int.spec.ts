import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { parserRegistry } from '#ingest/formats/all-parsers/all-parsers';
import { describeEachDatabase } from '../../../test/support/databases.ts';
import { type Harness, openHarness } from '../../../test/support/service-harness.ts';
import { DOCUMENT_PART_BYTES, loadRawDocuments } from './raw-documents.ts';
import { receiveDocuments } from './receive-document.ts';

const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

describeEachDatabase("a document's bytes, stored in parts", (database) => {
  let harness: Harness;
  beforeAll(async () => {
    harness = await openHarness(database);
  });
  afterAll(() => harness.close());

  const partsOf = async (documentId: string) =>
    (
      await harness.db.query<{ part: number; length: number }>(
        'select part, length(bytes) as length from raw_document_parts where document_id = $1 order by part',
        [documentId],
      )
    ).rows;

  it('are read back exactly: several documents a statement and a large one a few parts at a time', async () => {
    // 4.5 parts' worth (read in two statements), a part and one byte, small ones, an empty one.
    const large = randomBytes(Math.floor(DOCUMENT_PART_BYTES * 4.5));
    const edge = randomBytes(DOCUMENT_PART_BYTES + 1);
    const small = [randomBytes(10), randomBytes(70_000), new Uint8Array(0)];
    const all = [large, edge, ...small];
    const received = await receiveDocuments(
      harness.db,
      parserRegistry,
      all.map((bytes, i) => ({ bytes, fileName: `blob-${i}.bin`, knownAt: null, sourceUrl: null })),
    );
    expect(received.map((r) => r.documentId)).toEqual(all.map(sha));
    expect(await partsOf(sha(large))).toEqual(
      [0, 1, 2, 3, 4].map((part) => ({ part, length: part < 4 ? DOCUMENT_PART_BYTES : DOCUMENT_PART_BYTES / 2 })),
    );
    expect(await partsOf(sha(edge))).toEqual([
      { part: 0, length: DOCUMENT_PART_BYTES },
      { part: 1, length: 1 },
    ]);
    expect(await partsOf(sha(new Uint8Array(0)))).toEqual([{ part: 0, length: 0 }]);
    const loaded = await loadRawDocuments(harness.db, [...all].reverse().map(sha));
    expect(loaded.map((d) => sha(d.bytes))).toEqual([...all].reverse().map(sha));
    expect(loaded.map((d) => d.bytes.byteLength)).toEqual([...all].reverse().map((b) => b.byteLength));
  });

  it('of a document stored before parts are read from its row', async () => {
    const bytes = randomBytes(5_000);
    await harness.db.query(
      `insert into raw_documents (document_id, bytes, byte_length, file_name, content_type, format)
       values ($1, decode($2, 'base64'), $3, 'old.bin', 'application/octet-stream', 'unknown')`,
      [sha(bytes), Buffer.from(bytes).toString('base64'), bytes.byteLength],
    );
    const [loaded] = await loadRawDocuments(harness.db, [sha(bytes)]);
    expect(loaded && Buffer.from(loaded.bytes).equals(bytes)).toBe(true);
  });

  it('that do not add up to the length are an error, never bytes made up', async () => {
    const bytes = randomBytes(DOCUMENT_PART_BYTES + 100);
    await receiveDocuments(harness.db, parserRegistry, [{ bytes, fileName: 'cut.bin', knownAt: null, sourceUrl: null }]);
    await harness.db.query('delete from raw_document_parts where document_id = $1 and part = 1', [sha(bytes)]);
    await expect(loadRawDocuments(harness.db, [sha(bytes)])).rejects.toThrow(
      `stored document ${sha(bytes)}: its parts hold ${DOCUMENT_PART_BYTES} of its ${DOCUMENT_PART_BYTES + 100} bytes`,
    );
  });
});
