import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { expect, it } from 'vitest';
import { PROJECTIONS } from '#projections';
import type { DomainEvent } from '#schemas/events/catalogue';
import type { NewEvent } from '#platform/event-store/event-store';
import { companyIdOfIsin, legacyCompanyIdOfIsin } from '#domain/identity/anchor';
import { resolveCompany } from '#read/identity/resolve-company';
import { parserRegistry } from '#ingest/formats/all-parsers/all-parsers';
import { ingestInputs, reparseStored } from '#ingest/pipeline/ingest-inputs';
import { outdatedDocuments } from '#ingest/pipeline/outdated-documents';
import { listRawDocuments } from '#ingest/pipeline/raw-documents';
import { inputFromBytes } from '#ingest/sources/read-inputs';
import { catchUp } from '#platform/projector/catch-up';
import { contextProvidersFor } from '#runtime/context-providers';
import { type Ingestion, startIngestion } from '#runtime/ingestion';
import { listFacts } from '#projections/facts/queries';
import { TEST_DATABASES } from '../support/databases.ts';
import { identitySnapshot } from '../support/identity-snapshot.ts';
import { REPO_ROOT } from '../support/parse-input.ts';
import { type Harness, openHarness } from '../support/service-harness.ts';

const FIXTURE = path.join(REPO_ROOT, 'test', 'ingest', 'upgrade-store');
const KNOWN_AT = '2024-03-08T00:00:00+05:30';

interface StoredEventLine {
  streamId: string;
  eventId: string;
  type: DomainEvent['type'];
  data: unknown;
  metadata: NewEvent['metadata'];
}

interface StoredDocumentLine {
  documentId: string;
  fileName: string;
  contentType: string;
  format: string;
  sourceUrl: string | null;
  knownAt: string | null;
  receivedAt: string;
  attributes: Record<string, unknown>;
}

const lines = <T>(file: string): T[] =>
  gunzipSync(readFileSync(path.join(FIXTURE, file)))
    .toString('utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as T);

/** Every file of the bundled sample by its SHA-256: the bytes of the earlier store's documents. */
function sampleBySha(): Map<string, Uint8Array> {
  const found = new Map<string, Uint8Array>();
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const full = path.join(dir, name);
      if (statSync(full).isDirectory()) walk(full);
      else {
        const bytes = readFileSync(full);
        found.set(createHash('sha256').update(bytes).digest('hex'), bytes);
      }
    }
  };
  walk(path.join(REPO_ROOT, 'sample-data'));
  return found;
}

async function withIngestion<T>(work: (harness: Harness, ingestion: Ingestion) => Promise<T>): Promise<T> {
  const database = TEST_DATABASES[TEST_DATABASES.length - 1];
  if (!database) throw new Error('no test database');
  const harness = await openHarness(database);
  const ingestion = await startIngestion(harness.db, harness.store, parserRegistry, {
    contextProviders: contextProvidersFor(harness.db),
    onError: () => undefined,
  });
  try {
    await catchUp(harness.db, harness.store, PROJECTIONS);
    await ingestion.startWorker();
    return await work(harness, ingestion);
  } finally {
    await ingestion.stop();
    await harness.close();
  }
}

it(`a store written by the version before the security master reads as a fresh ingest once upgraded [${TEST_DATABASES[TEST_DATABASES.length - 1]?.name}]`, async () => {
  const events = lines<StoredEventLine>('events-5c55865.jsonl.gz');
  const documents = lines<StoredDocumentLine>('documents-5c55865.jsonl.gz');
  const bytes = sampleBySha();
  expect(documents.every((d) => bytes.has(d.documentId))).toBe(true);

  const upgraded = await withIngestion(async (harness, ingestion) => {
    // The earlier store as it was: its documents as received, its events as appended.
    for (const d of documents) {
      await harness.db.query(
        `insert into raw_documents (document_id, bytes, byte_length, file_name, content_type, format, source_url, known_at, received_at, attributes)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
        [
          d.documentId,
          bytes.get(d.documentId),
          bytes.get(d.documentId)?.byteLength,
          d.fileName,
          d.contentType,
          d.format,
          d.sourceUrl,
          d.knownAt,
          d.receivedAt,
          JSON.stringify(d.attributes),
        ],
      );
    }
    for (const e of events) {
      await harness.store.appendToStream(
        e.streamId,
        [{ id: e.eventId, type: e.type, data: e.data, metadata: e.metadata } as NewEvent<DomainEvent>],
        { expectedVersion: 'any' },
      );
    }
    // The new projection versions rebuild from the stored events alone: every company is
    // one record, and its old per-ISIN ids still name it.
    await harness.project();
    const hdfc = companyIdOfIsin('INE040A01034');
    for (const reference of ['HDFCBANK', 'INE040A01018', legacyCompanyIdOfIsin('INE040A01018'), legacyCompanyIdOfIsin('INE040A01034')]) {
      expect((await resolveCompany(harness.db, reference))?.id, reference).toBe(hdfc);
    }
    expect((await listFacts(harness.db, { companyId: hdfc as string, limit: 10 })).length).toBeGreaterThan(0);

    // The documented upgrade step: parse again what older parser versions parsed.
    const outdated = await outdatedDocuments(harness.db, parserRegistry);
    expect(outdated.length).toBeGreaterThan(0);
    const summary = await reparseStored(ingestion.deps, await listRawDocuments(harness.db, { documentIds: outdated }), { pollMs: 25 });
    expect(summary.rejected).toBe(0);
    await harness.project();
    return identitySnapshot(harness.db);
  });

  const fresh = await withIngestion(async (harness, ingestion) => {
    const files = documents.map((d) => inputFromBytes(d.fileName, 'sample', bytes.get(d.documentId) as Uint8Array));
    await ingestInputs(ingestion.deps, files, { knownAt: new Date(KNOWN_AT).toISOString(), pollMs: 25 });
    await harness.project();
    return identitySnapshot(harness.db);
  });

  expect(upgraded.companies.length).toBeGreaterThan(1900);
  expect(upgraded).toEqual(fresh);
}, 600_000);
