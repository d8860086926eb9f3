import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { zipSync } from 'fflate';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { PROJECTIONS } from '#projections';
import { getSourceDocument } from '#projections/filings/queries';
import { ingestInputs } from '#ingest/pipeline/ingest-inputs';
import { loadRawDocument } from '#ingest/pipeline/raw-documents';
import { readInputs } from '#ingest/sources/read-inputs';
import type { IngestLimits } from '#platform/config/config';
import { catchUp } from '#platform/projector/catch-up';
import { type Ingestion, startIngestion } from '#runtime/ingestion';
import { describeEachDatabase } from '../support/databases.ts';
import { type Harness, openHarness } from '../support/service-harness.ts';
import { testParsers } from '../support/test-parsers.ts';

const MiB = 1024 * 1024;
// Lowered limits: a bomb of a few MB and a file of a few hundred KB stand for 1 GiB and 200 MB.
const LIMITS: IngestLimits = { maxDocumentBytes: 256 * 1024, maxArchiveBytes: MiB, maxCompressionRatio: 100, maxArchiveEntries: 1_000 };
const GOOD = 'TESTCSV\nINE002A01018,Reliance Industries\n';
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

describeEachDatabase('ingestion of hostile input: refused at receipt, kept out of retries', (database) => {
  let harness: Harness;
  let ingestion: Ingestion;
  let dir: string;
  const bomb = zipSync({ 'zeros.csv': new Uint8Array(4 * MiB) }, { level: 9 });
  const large = Buffer.from(`TESTCSV\n${'INE009A01021,Infosys\n'.repeat(20_000)}`);

  beforeAll(async () => {
    harness = await openHarness(database);
    await catchUp(harness.db, harness.store, PROJECTIONS);
    ingestion = await startIngestion(harness.db, harness.store, testParsers, { onError: () => undefined });
    await ingestion.startWorker();
    dir = await mkdtemp(path.join(tmpdir(), 'imd-hostile-'));
    await mkdir(path.join(dir, 'batch'));
    await writeFile(path.join(dir, 'batch', 'bomb.zip'), bomb);
    await writeFile(path.join(dir, 'batch', 'large.csv'), large);
    await writeFile(path.join(dir, 'batch', 'good.csv'), GOOD);
  });
  afterAll(async () => {
    await ingestion?.stop();
    await harness?.close();
    await rm(dir, { recursive: true, force: true });
  });

  const ingest = async (inputs: readonly string[], limits = LIMITS) =>
    ingestInputs(ingestion.deps, (await readInputs(inputs, { limits })).files, { pollMs: 20 });
  const eventsOf = async (documentId: string) =>
    (
      await harness.db.query<{ event_type: string; reason: string | null }>(
        `select event_type, data->>'reason' as reason from es_events where stream_id = $1 order by global_position`,
        [`document-${documentId}`],
      )
    ).rows;

  it('rejects a zip bomb and a file over the document limit at receipt with the reason, storing none of their bytes', async () => {
    const summary = await ingest([path.join(dir, 'batch')]);
    expect(summary).toMatchObject({ files: 3, stored: 1, parsed: 1, rejected: 2, failed: 0, inputProblems: [] });
    expect(Object.fromEntries(summary.rejections.map((r) => [r.fileName, r.reason]))).toEqual({
      'bomb.zip':
        'the zip entry zeros.csv expands to 4 MiB, over the document limit of 256 KiB (INGEST_MAX_DOCUMENT_BYTES): refused unexpanded',
      'large.csv': '410.2 KiB, over the document limit of 256 KiB (INGEST_MAX_DOCUMENT_BYTES): refused unread, its bytes are not kept',
    });
    for (const bytes of [bomb, large]) {
      expect((await eventsOf(sha256(bytes))).map((e) => e.event_type)).toEqual([
        'DocumentReceived',
        'DocumentDisseminated',
        'DocumentRejected',
      ]);
      // No stored bytes: nothing can parse it, now or on a reparse.
      expect(await loadRawDocument(harness.db, sha256(bytes))).toBeUndefined();
    }
    await harness.project();
    expect(await getSourceDocument(harness.db, sha256(large))).toMatchObject({
      status: 'rejected',
      byte_length: large.length,
      format: 'test-csv',
      reject_reason: expect.stringContaining('over the document limit'),
    });
  });

  it('records a refusal once: the same files again append nothing, and are reported again', async () => {
    const before = await harness.db.query<{ n: number }>('select count(*)::int8 as n from es_events');
    const summary = await ingest([path.join(dir, 'batch')]);
    expect(summary).toMatchObject({ files: 3, rejected: 2, unchanged: 3, events: 0 });
    expect(summary.rejections.map((r) => r.fileName).sort()).toEqual(['bomb.zip', 'large.csv']);
    const after = await harness.db.query<{ n: number }>('select count(*)::int8 as n from es_events');
    expect(after.rows[0]?.n).toBe(before.rows[0]?.n);
  });

  it('leaves a document stored under higher limits as it is when the same bytes come over a lower one', async () => {
    const file = path.join(dir, 'kept.csv');
    // One company and many rows the parser skips: a usable file of 300 KB.
    const kept = Buffer.from(`TESTCSV\nINE467B01029,Tata Consultancy Services\n${'not-an-isin,padding\n'.repeat(15_000)}`);
    await writeFile(file, kept);
    expect(await ingest([file], { ...LIMITS, maxDocumentBytes: MiB })).toMatchObject({ parsed: 1, rejected: 0 });
    const summary = await ingest([file]);
    expect(summary).toMatchObject({ files: 1, rejected: 0 });
    expect(summary.inputProblems).toEqual([
      {
        where: file,
        message: expect.stringMatching(
          /over the document limit .*; the same bytes were stored before, under higher limits, and are left as they are$/,
        ),
      },
    ]);
    expect((await eventsOf(sha256(kept))).map((e) => e.event_type)).toEqual(['DocumentReceived', 'DocumentDisseminated', 'DocumentParsed']);
  });

  it('rejects a zip of more files than INGEST_MAX_ARCHIVE_ENTRIES at receipt, as one document with three events, not one per file', async () => {
    const many = zipSync(Object.fromEntries(Array.from({ length: 1_001 }, (_, i) => [`f${i}.csv`, new Uint8Array(0)])));
    await mkdir(path.join(dir, 'many'));
    await writeFile(path.join(dir, 'many', 'many.zip'), many);
    const before = await harness.db.query<{ n: number }>('select count(*)::int as n from es_events');
    const summary = await ingest([path.join(dir, 'many')]);
    expect(summary).toMatchObject({ files: 1, stored: 0, rejected: 1, inputProblems: [] });
    expect(summary.rejections.map((r) => [r.fileName, r.reason])).toEqual([
      ['many.zip', 'the zip archive holds 1001 files, over the limit of 1000 (INGEST_MAX_ARCHIVE_ENTRIES): refused unexpanded'],
    ]);
    const after = await harness.db.query<{ n: number }>('select count(*)::int as n from es_events');
    expect((after.rows[0]?.n ?? 0) - (before.rows[0]?.n ?? 0)).toBe(3);
  });

  it('reports each of three identical files under its own name', async () => {
    const copies = path.join(dir, 'copies');
    await mkdir(copies);
    for (const name of ['one.txt', 'two.txt', 'three.txt']) await writeFile(path.join(copies, name), 'no parser knows this\n');
    const summary = await ingest([copies]);
    expect(summary.rejections.map((r) => [r.fileName, r.reason])).toEqual(
      ['one.txt', 'three.txt', 'two.txt'].map((name) => [name, 'not in a known format (test-csv)']),
    );
  });

  it('reads a Latin-1 file as Windows-1252 and says so in its outcome, instead of turning its letters into U+FFFD', async () => {
    const file = path.join(dir, 'latin1.csv');
    const bytes = Buffer.from('TESTCSV\nINE000A01010,Société Générale\n', 'latin1');
    await writeFile(file, bytes);
    expect(await ingest([file])).toMatchObject({ parsed: 1, rejected: 0 });
    const { rows } = await harness.db.query<{ event_type: string; data: { name?: string; problems?: unknown[] } }>(
      `select event_type, data from es_events where metadata->>'sourceSha256' = $1 and event_type in ('CompanyRegistered', 'DocumentParsed')
       order by global_position`,
      [sha256(bytes)],
    );
    expect(rows.map((r) => [r.event_type, r.data.name ?? r.data.problems])).toEqual([
      ['CompanyRegistered', 'Société Générale'],
      [
        'DocumentParsed',
        [
          {
            where: 'line 2 (byte 25)',
            message: 'not valid UTF-8 (the first bad byte is here): the whole document was read as Windows-1252 (Latin-1) instead',
          },
        ],
      ],
    ]);
  });
});
