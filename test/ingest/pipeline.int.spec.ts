import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { PROJECTIONS } from '#projections';
import { getCompany } from '#projections/companies/queries';
import { getSourceDocument } from '#projections/filings/queries';
import { companyIdFromIsin } from '#ingest/shared/parser/company-lookup';
import { ingestInputs, reparseStored } from '#ingest/pipeline/ingest-inputs';
import { createParserRegistry, type ParserRegistry } from '#ingest/formats/parser-registry/parser-registry';
import { listRawDocuments, loadRawDocument } from '#ingest/pipeline/raw-documents';
import { sha256Hex } from '#ingest/pipeline/receive-document';
import { readInputs } from '#ingest/sources/read-inputs';
import type { Database } from '#platform/db/db';
import { catchUp } from '#platform/projector/catch-up';
import { type Ingestion, startIngestion } from '#runtime/ingestion';
import { describeEachDatabase } from '../support/databases.ts';
import { type Harness, openHarness } from '../support/service-harness.ts';
import { testCsvParser, testParsers } from '../support/test-parsers.ts';
import { strToU8, zipSync } from 'fflate';

const GOOD = 'TESTCSV\nINE002A01018,Reliance Industries\nINE467B01029,Tata Consultancy Services\n';
const ONE_BAD_ROW = 'TESTCSV\nINE009A01021,Infosys\nnot-an-isin,Broken Row\n';
const REJECTED = 'TESTBAD\nINE040A01034,HDFC Bank\n';
const THROWS = 'TESTCSV\nINE154A01025,ITC\nTHROW\n';
const UNKNOWN = 'just some text that no parser knows\n';

describeEachDatabase('ingestion pipeline: files to events through the job queue', (database) => {
  let harness: Harness;
  let ingestion: Ingestion;
  let dir: string;

  beforeAll(async () => {
    harness = await openHarness(database);
    await catchUp(harness.db, harness.store, PROJECTIONS);
    ingestion = await startIngestion(harness.db, harness.store, testParsers, { onError: () => undefined });
    await ingestion.startWorker();
    dir = await mkdtemp(path.join(tmpdir(), 'imd-ingest-'));
    for (const [name, text] of Object.entries({
      'good.csv': GOOD,
      'one-bad-row.csv': ONE_BAD_ROW,
      'rejected.csv': REJECTED,
      'throws.csv': THROWS,
      'unknown.txt': UNKNOWN,
      'README.md': '# notes, not data',
    })) {
      await writeFile(path.join(dir, name), text);
    }
  });
  afterAll(async () => {
    await ingestion?.stop();
    await harness?.close();
    await rm(dir, { recursive: true, force: true });
  });

  const run = async (options = {}) => ingestInputs(ingestion.deps, (await readInputs([dir])).files, options);

  it('stores every file, parses the good ones, and rejects the rest with a reason', async () => {
    const summary = await run();
    expect(summary).toMatchObject({ files: 5, stored: 5, alreadyStored: 0, parsed: 2, rejected: 3, failed: 0, events: 3 });
    const reasons = Object.fromEntries(summary.rejections.map((r) => [r.fileName, r.reason]));
    expect(reasons).toEqual({
      'rejected.csv': 'expected the header TESTCSV, found TESTBAD',
      'throws.csv': 'the test-csv parser failed: boom',
      'unknown.txt': 'not in a known format (test-csv)',
    });
    for (const text of [GOOD, REJECTED, THROWS, UNKNOWN]) {
      const stored = await loadRawDocument(harness.db, sha256Hex(new TextEncoder().encode(text)));
      expect(new TextDecoder().decode(stored?.bytes)).toBe(text);
    }
  });

  it('applies the good rows of a file with a bad row, and names the bad row', async () => {
    await harness.project();
    expect((await getCompany(harness.db, companyIdFromIsin('INE009A01021')))?.name).toBe('Infosys');
    const documentId = sha256Hex(new TextEncoder().encode(ONE_BAD_ROW));
    const { rows } = await harness.db.query<{ data: { problems: unknown[]; problemCount: number } }>(
      `select data from es_events where stream_id = $1 and event_type = 'DocumentParsed'`,
      [`document-${documentId}`],
    );
    expect(rows[0]?.data).toMatchObject({
      problemCount: 1,
      problems: [{ where: 'line 3', message: 'expected an ISIN, found "not-an-isin"' }],
    });
    expect(await getSourceDocument(harness.db, documentId)).toMatchObject({ status: 'parsed' });
  });

  it('never half-applies a file whose parser failed', async () => {
    await harness.project();
    expect(await getCompany(harness.db, companyIdFromIsin('INE154A01025'))).toBeUndefined();
    expect(await getCompany(harness.db, companyIdFromIsin('INE040A01034'))).toBeUndefined();
    const rejected = await getSourceDocument(harness.db, sha256Hex(new TextEncoder().encode(THROWS)));
    expect(rejected).toMatchObject({ status: 'rejected', reject_reason: 'the test-csv parser failed: boom' });
  });

  it('appends no events when the same folder is ingested again', async () => {
    const before = await harness.db.query<{ n: number }>('select count(*)::int8 as n from es_events');
    const summary = await run();
    expect(summary).toMatchObject({ files: 5, stored: 0, alreadyStored: 5, unchanged: 5, events: 0 });
    const after = await harness.db.query<{ n: number }>('select count(*)::int8 as n from es_events');
    expect(after.rows[0]?.n).toBe(before.rows[0]?.n);
  });

  it('parses again on request, still appending nothing new for an unchanged parser', async () => {
    const before = await harness.db.query<{ n: number }>('select count(*)::int8 as n from es_events');
    const summary = await run({ reparse: true });
    expect(summary).toMatchObject({ parsed: 2, rejected: 3, unchanged: 0 });
    const after = await harness.db.query<{ n: number }>('select count(*)::int8 as n from es_events');
    expect(after.rows[0]?.n).toBe(before.rows[0]?.n);
  });
});

describeEachDatabase('ingestion pipeline: zip archives, new parser versions, dead letters', (database) => {
  let harness: Harness;
  let dir: string;
  beforeAll(async () => {
    harness = await openHarness(database);
    await catchUp(harness.db, harness.store, PROJECTIONS);
    dir = await mkdtemp(path.join(tmpdir(), 'imd-ingest-'));
  });
  afterAll(async () => {
    await harness?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('ingests the entries of a zip archive, each as its own document', async () => {
    const ingestion = await startIngestion(harness.db, harness.store, testParsers, { onError: () => undefined });
    await ingestion.startWorker();
    const archive = path.join(dir, 'batch.zip');
    await writeFile(archive, zipSync({ 'a.csv': strToU8('TESTCSV\nINE030A01027,Hindustan Unilever\n'), 'b/c.csv': strToU8(REJECTED) }));
    const summary = await ingestInputs(ingestion.deps, (await readInputs([archive])).files);
    await ingestion.stop();
    expect(summary).toMatchObject({ files: 2, parsed: 1, rejected: 1 });
    expect(summary.rejections.map((r) => r.fileName)).toEqual(['batch.zip/b/c.csv']);
  });

  it('stores large files in transactions of about 320 kB, each with its receipt', async () => {
    const ingestion = await startIngestion(harness.db, harness.store, testParsers, { onError: () => undefined });
    await ingestion.startWorker();
    const folder = path.join(dir, 'large');
    await mkdir(folder);
    // Three files of 200 kB: the first two fill a transaction's 320 kB, the third goes in the next.
    const files = ['1', '2', '3'].map((n) => strToU8(`TESTBAD\n${n.repeat(200_000)}\n`));
    for (const [i, bytes] of files.entries()) await writeFile(path.join(folder, `large-${i}.csv`), bytes);
    const summary = await ingestInputs(ingestion.deps, (await readInputs([folder])).files);
    await ingestion.stop();
    expect(summary).toMatchObject({ files: 3, rejected: 3 });
    const { rows } = await harness.db.query<{ transactions: number }>(
      `select count(distinct transaction_id)::int as transactions from es_events
       where event_type = 'DocumentReceived' and stream_id = any($1::text[])`,
      [files.map((bytes) => `document-${sha256Hex(bytes)}`)],
    );
    expect(rows[0]?.transactions).toBe(2);
  });

  it('appends the events of a new parser version when stored documents are parsed again', async () => {
    const file = path.join(dir, 'v.csv');
    await writeFile(file, 'TESTCSV\nINE062A01020,State Bank of India\n');
    const v1 = await startIngestion(harness.db, harness.store, testParsers, { onError: () => undefined });
    await v1.startWorker();
    await ingestInputs(v1.deps, (await readInputs([file])).files);
    await v1.stop();

    const v2Parsers = createParserRegistry([{ ...testCsvParser, version: 2 }]);
    const v2 = await startIngestion(harness.db, harness.store, v2Parsers, { onError: () => undefined });
    await v2.startWorker();
    const documentId = sha256Hex(new TextEncoder().encode('TESTCSV\nINE062A01020,State Bank of India\n'));
    const summary = await reparseStored(v2.deps, await listRawDocuments(harness.db, { documentIds: [documentId] }));
    await v2.stop();
    expect(summary).toMatchObject({ files: 1, parsed: 1 });
    const { rows } = await harness.db.query<{ event_type: string; version: number | null }>(
      `select event_type, (data->>'parserVersion')::int as version from es_events
       where stream_id = $1 and event_type = 'DocumentParsed' order by global_position`,
      [`document-${documentId}`],
    );
    expect(rows.map((r) => r.version)).toEqual([1, 2]);
  });

  it('dead-letters only the document that cannot be appended, not the others of its batch', async () => {
    const ingestion = await startIngestion(harness.db, harness.store, testParsers, {
      onError: () => undefined,
      retry: { retryLimit: 1, retryDelay: 0, retryBackoff: false },
    });
    await ingestion.startWorker({ batchSize: 10 });
    const batchDir = path.join(dir, 'batch');
    await mkdir(batchDir);
    await writeFile(path.join(batchDir, '1-first.csv'), 'TESTCSV\nFIXED-ID,INE213A01029,ONGC\n');
    await writeFile(path.join(batchDir, '2-clash.csv'), 'TESTCSV\nFIXED-ID,INE752E01010,Power Grid\n');
    await writeFile(path.join(batchDir, '3-fine.csv'), 'TESTCSV\nINE733E01010,NTPC\n');
    const summary = await ingestInputs(ingestion.deps, (await readInputs([batchDir])).files);
    await ingestion.stop();
    expect(summary).toMatchObject({ files: 3, parsed: 2, rejected: 0, failed: 1 });
    await harness.project();
    expect(await getCompany(harness.db, companyIdFromIsin('INE733E01010'))).toMatchObject({ name: 'NTPC' });
    // Whichever of the two clashing documents ran first landed; the other never can.
    const clashing = await Promise.all(['INE213A01029', 'INE752E01010'].map((isin) => getCompany(harness.db, companyIdFromIsin(isin))));
    expect(clashing.filter(Boolean)).toHaveLength(1);
  });

  it("detects each file's format once, and a stored unknown document again only when parsed again", async () => {
    const detections: string[] = [];
    const counting: ParserRegistry = {
      ...testParsers,
      detect(fileName, bytes) {
        detections.push(fileName);
        return testParsers.detect(fileName, bytes);
      },
    };
    const ingestion = await startIngestion(harness.db, harness.store, counting, { onError: () => undefined });
    await ingestion.startWorker();
    const once = path.join(dir, 'once');
    await mkdir(once);
    await writeFile(path.join(once, 'counted.csv'), 'TESTCSV\nINE114A01011,Steel Authority of India\n');
    await writeFile(path.join(once, 'mystery.txt'), 'MYSTERY\nno parser knows this yet\n');
    const summary = await ingestInputs(ingestion.deps, (await readInputs([once])).files);
    await ingestion.stop();
    expect(summary).toMatchObject({ files: 2, parsed: 1, rejected: 1, failed: 0 });
    expect(summary.rejections.map((r) => r.reason)).toEqual(['not in a known format (test-csv)']);
    expect(detections.sort()).toEqual(['counted.csv', 'mystery.txt']);

    // A parser for it arrives: parsing the stored document again detects its format.
    const mysteryParser = {
      ...testCsvParser,
      format: 'test-mystery',
      detect: (_name: string, head: string) => head.startsWith('MYSTERY'),
      parse: () => ({ ok: true as const, events: [], rows: 1, problems: [] }),
    };
    const upgraded = await startIngestion(harness.db, harness.store, createParserRegistry([testCsvParser, mysteryParser]), {
      onError: () => undefined,
    });
    await upgraded.startWorker();
    const mysteryId = sha256Hex(new TextEncoder().encode('MYSTERY\nno parser knows this yet\n'));
    const again = await reparseStored(upgraded.deps, await listRawDocuments(harness.db, { documentIds: [mysteryId] }));
    await upgraded.stop();
    expect(again).toMatchObject({ files: 1, parsed: 1, rejected: 0 });
    expect(await loadRawDocument(harness.db, mysteryId)).toMatchObject({ format: 'test-mystery' });
  });

  it("learns its documents' outcomes from the queue, without polling the event or job tables while they are parsed", async () => {
    const slow = createParserRegistry([{ ...testCsvParser, extract: () => new Promise((resolve) => setTimeout(() => resolve({}), 400)) }]);
    const ingestion = await startIngestion(harness.db, harness.store, slow, { onError: () => undefined });
    await ingestion.startWorker();
    const statements: string[] = [];
    const db = harness.db;
    const watched: Database = {
      kind: db.kind,
      query: <R extends object>(text: string, params?: readonly unknown[]) => {
        statements.push(text);
        return db.query<R>(text, params);
      },
      transaction: (fn) => db.transaction(fn),
      close: () => db.close(),
    };
    const waits = path.join(dir, 'waits');
    await mkdir(waits);
    await writeFile(path.join(waits, 'a.csv'), 'TESTCSV\nINE118A01012,Bajaj Holdings\n');
    await writeFile(path.join(waits, 'b.csv'), 'TESTBAD\nINE119A01028,Balrampur Chini\n');
    const summary = await ingestInputs({ ...ingestion.deps, db: watched }, (await readInputs([waits])).files, { pollMs: 10 });
    await ingestion.stop();
    expect(summary).toMatchObject({ files: 2, parsed: 1, rejected: 1, failed: 0, events: 1 });
    expect(summary.rejections.map((r) => r.reason)).toEqual(['expected the header TESTCSV, found TESTBAD']);
    // Once, before enqueueing: the outcomes earlier runs recorded.
    expect(statements.filter((text) => /es_events/.test(text))).toHaveLength(1);
    expect(statements.filter((text) => /pgboss/.test(text))).toEqual([]);
  });

  it('moves a document whose job keeps failing to the dead letters and says so', async () => {
    const failing = await startIngestion(harness.db, harness.store, testParsers, {
      onError: () => undefined,
      retry: { retryLimit: 1, retryDelay: 0, retryBackoff: false },
      loadHoldings: () => Promise.reject(new Error('the companies read model is unavailable')),
    });
    await failing.startWorker();
    const file = path.join(dir, 'fails.csv');
    await writeFile(file, 'TESTCSV\nINE081A01020,Tata Steel\n');
    const summary = await ingestInputs(failing.deps, (await readInputs([file])).files);
    await failing.stop();
    expect(summary).toMatchObject({ files: 1, parsed: 0, rejected: 0, failed: 1 });
    const stored = await loadRawDocument(harness.db, sha256Hex(new TextEncoder().encode('TESTCSV\nINE081A01020,Tata Steel\n')));
    expect(stored?.fileName).toBe('fails.csv');
  });
});
