import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { PROJECTIONS } from '../../projections/index.ts';
import { getCompany } from '../../projections/companies/queries.ts';
import { getSourceDocument } from '../../projections/filings/queries.ts';
import { companyIdFromIsin } from '../../src/ingest/company-lookup.ts';
import { ingestInputs } from '../../src/ingest/ingest-inputs.ts';
import { loadRawDocument } from '../../src/ingest/raw-documents.ts';
import { sha256Hex } from '../../src/ingest/receive-document.ts';
import { readInputs } from '../../src/ingest/sources/read-inputs.ts';
import { catchUp } from '../../src/projector/catch-up.ts';
import { type Ingestion, startIngestion } from '../../src/runtime/ingestion.ts';
import { describeEachDatabase } from '../support/databases.ts';
import { type Harness, openHarness } from '../support/service-harness.ts';
import { testParsers } from '../support/test-parsers.ts';

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
      'unknown.txt': 'unknown.txt is not in a known format (test-csv)',
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
