import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { zipSync } from 'fflate';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { PROJECTIONS } from '#projections';
import { DocumentUploadResponseSchema } from '#schemas/api/documents';
import { DEFAULT_INGEST_LIMITS } from '#platform/config/config';
import { createKey } from '#serve/access/create-key';
import { buildApp } from '#serve/http/build-app';
import { createDocumentIntake } from '#runtime/document-intake';
import { uploadDocument } from '#ingest/sync/relay-client';
import { errorKeys } from '../support/api-harness.ts';
import { describeEachDatabase } from '../support/databases.ts';
import { givenIngestion } from '../support/ingestion-harness.ts';

const BHAVCOPY = 'sample-data/prices/cm06JAN2021bhav.csv';
// NSE's newer archive host: not the URL the parser names for the file by itself, so the one
// the read API serves can only have come from the upload.
const SOURCE_URL = 'https://nsearchives.nseindia.com/content/historical/EQUITIES/2021/JAN/cm06JAN2021bhav.csv.zip';
const KNOWN_AT = '2021-01-06T18:05:00+05:30';
/** Small enough to pass in a test, large enough for the bhavcopy (189 KB). */
const MAX_DOCUMENT_BYTES = 1024 * 1024;

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

describeEachDatabase('POST /v1/documents, a relay upload into ingestion', (database) => {
  const service = givenIngestion(database);
  let app: FastifyInstance;
  let ingestKey = '';
  let readKey = '';
  let bhavcopy: Uint8Array;
  let address = '';

  beforeAll(async () => {
    const { db } = service.harness;
    bhavcopy = new Uint8Array(await readFile(BHAVCOPY));
    ingestKey = (await createKey(db, { workspace: { name: 'relay' }, name: 'relay', scopes: ['ingest'] })).key;
    readKey = (await createKey(db, { workspace: { name: 'relay' }, name: 'reader', scopes: ['read', 'admin'] })).key;
    app = buildApp({
      db,
      projections: PROJECTIONS,
      logger: false,
      limits: { perMinute: 100_000, monthly: undefined },
      documentIntake: createDocumentIntake(() => Promise.resolve(service.ingestion), {
        limits: { ...DEFAULT_INGEST_LIMITS, maxDocumentBytes: MAX_DOCUMENT_BYTES },
        waitMs: 60_000,
      }),
    });
    // Listening on a local port, so the relay client goes over real HTTP.
    address = await app.listen({ port: 0, host: '127.0.0.1' });
  }, 240_000);
  afterAll(async () => {
    await app?.close();
  });

  const upload = (query: string, payload: Uint8Array | string, headers: Record<string, string> = {}) =>
    app.inject({
      method: 'POST',
      url: `/v1/documents?${query}`,
      headers: { 'x-api-key': ingestKey, 'content-type': 'application/octet-stream', ...headers },
      payload: typeof payload === 'string' ? payload : Buffer.from(payload),
    } satisfies InjectOptions);
  const bhavcopyQuery = new URLSearchParams({ file_name: 'cm06JAN2021bhav.csv', source_url: SOURCE_URL, known_at: KNOWN_AT }).toString();

  /** Rows of the store that an upload could have added. */
  const storeCounts = async () => {
    const { rows } = await service.harness.db.query<{ documents: number; events: number }>(
      'select (select count(*)::int from raw_documents) as documents, (select count(*)::int from es_events) as events',
    );
    return rows[0];
  };

  it('lands a real bhavcopy with an ingest key: stored, parsed, and served with the source URL it was uploaded with', async () => {
    const attributes = { url: SOURCE_URL, fetched_at: '2021-01-06T18:10:00+05:30', http_status: 200, sha256: sha256(bhavcopy) };
    const response = await upload(bhavcopyQuery, bhavcopy, { 'x-document-attributes': JSON.stringify(attributes) });
    expect(response.statusCode, response.body).toBe(202);
    const body = DocumentUploadResponseSchema.parse(response.json());
    expect(body.meta).toMatchObject({ count: 1, sha256: sha256(bhavcopy), byte_length: bhavcopy.length, problems: [] });
    expect(body.data).toEqual([
      {
        document_id: sha256(bhavcopy),
        file_name: 'cm06JAN2021bhav.csv',
        format: 'nse-cm-bhavcopy',
        outcome: 'stored',
        parse: { status: 'parsed', reason: null },
      },
    ]);

    // The copy as stored: the stated URL and time, and the provenance beside the context.
    const { rows } = await service.harness.db.query<{ source_url: string; known_at: Date; attributes: Record<string, unknown> }>(
      'select source_url, known_at, attributes from raw_documents where document_id = $1',
      [sha256(bhavcopy)],
    );
    expect(rows[0]?.source_url).toBe(SOURCE_URL);
    expect(rows[0]?.known_at.toISOString()).toBe(new Date(KNOWN_AT).toISOString());
    expect(rows[0]?.attributes).toEqual({ relay: attributes });

    await service.harness.project();
    const prices = await app.inject({ method: 'GET', url: '/v1/prices?ticker=INFY&limit=5', headers: { 'x-api-key': readKey } });
    expect(prices.statusCode, prices.body).toBe(200);
    const candles = prices.json<{ data: Array<Record<string, unknown>> }>().data;
    expect(candles).toContainEqual(
      expect.objectContaining({
        ticker: 'INFY',
        close: '1282.1',
        source_url: SOURCE_URL,
        source_file: 'cm06JAN2021bhav.csv',
        source_document: sha256(bhavcopy),
      }),
    );
  });

  it('appends nothing for the same bytes uploaded again, fetched again later, and answers the outcome already recorded', async () => {
    const before = await storeCounts();
    const refetched = { url: SOURCE_URL, fetched_at: '2021-01-07T09:00:00+05:30', http_status: 200, etag: '"abc"' };
    const response = await upload(bhavcopyQuery, bhavcopy, { 'x-document-attributes': JSON.stringify(refetched) });
    expect(response.statusCode, response.body).toBe(202);
    expect(DocumentUploadResponseSchema.parse(response.json()).data[0]).toMatchObject({
      outcome: 'known',
      parse: { status: 'parsed', reason: null },
    });
    expect(await storeCounts()).toEqual(before);
  });

  it('opens a zip archive as npm run ingest does: each member a document named archive.zip/member', async () => {
    const zip = zipSync({ 'cm06JAN2021bhav.csv': bhavcopy, 'notes.md': new TextEncoder().encode('# not a document') });
    const query = new URLSearchParams({ file_name: 'cm06JAN2021bhav.csv.zip', source_url: SOURCE_URL, known_at: KNOWN_AT });
    const response = await upload(query.toString(), zip);
    expect(response.statusCode, response.body).toBe(202);
    const body = DocumentUploadResponseSchema.parse(response.json());
    // The member is the bhavcopy already held: the same document, now also known under the zip's name.
    expect(body.data).toEqual([
      {
        document_id: sha256(bhavcopy),
        file_name: 'cm06JAN2021bhav.csv.zip/cm06JAN2021bhav.csv',
        format: 'nse-cm-bhavcopy',
        outcome: 'known',
        parse: { status: 'parsed', reason: null },
      },
    ]);
    expect(body.meta.sha256).toBe(sha256(zip));
  });

  it('refuses a body over the document limit with 413 and keeps nothing of it', async () => {
    const before = await storeCounts();
    const huge = new Uint8Array(MAX_DOCUMENT_BYTES + 1).fill(0x41);
    const response = await upload('file_name=huge.csv', huge);
    expect(response.statusCode, response.body).toBe(413);
    expect(response.json()).toEqual({ detail: `the request body is larger than the limit of ${MAX_DOCUMENT_BYTES} bytes` });
    expect(await storeCounts()).toEqual(before);
    const { rows } = await service.harness.db.query('select 1 from raw_documents where document_id = $1', [sha256(huge)]);
    expect(rows).toEqual([]);
  });

  it('answers 401 without a key and 403 to a key without the ingest scope, in the API error shape', async () => {
    const anonymous = await app.inject({
      method: 'POST',
      url: `/v1/documents?${bhavcopyQuery}`,
      headers: { 'content-type': 'application/octet-stream' },
      payload: Buffer.from(bhavcopy),
    });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json<{ detail: string }>().detail).toMatch(/^an API key is required/);
    const reader = await upload(bhavcopyQuery, bhavcopy, { 'x-api-key': readKey });
    expect(reader.statusCode).toBe(403);
    expect(reader.json()).toEqual({ detail: 'this key does not have the ingest scope' });
  });

  it('answers 422 in the FastAPI shape for a missing name, a time without offset, a bad provenance, and bytes that are not the ones stated', async () => {
    const before = await storeCounts();
    expect(errorKeys(await upload('source_url=https://example.com/x.csv', bhavcopy))).toEqual(['query.file_name:missing']);
    const naive = await upload('file_name=x.csv&known_at=2021-01-06T18:05:00', bhavcopy);
    expect(errorKeys(naive)).toEqual(['query.known_at:string_pattern_mismatch']);
    expect(errorKeys(await upload('file_name=x.csv&known_at=6%20Jan%202021', bhavcopy))).toEqual([
      'query.known_at:string_pattern_mismatch',
    ]);
    expect(errorKeys(await upload('file_name=../x.csv', bhavcopy))).toEqual(['query.file_name:string_pattern_mismatch']);
    expect(errorKeys(await upload('file_name=x.csv&source_url=ftp://example.com/x.csv', bhavcopy))).toEqual([
      'query.source_url:string_pattern_mismatch',
    ]);
    const notJson = await upload('file_name=x.csv', bhavcopy, { 'x-document-attributes': '{"url":' });
    expect(errorKeys(notJson)).toEqual(['header.x-document-attributes:json_invalid']);
    const badStatus = await upload('file_name=x.csv', bhavcopy, { 'x-document-attributes': '{"http_status":"ok"}' });
    expect(errorKeys(badStatus)).toEqual(['header.x-document-attributes.http_status:float_type']);
    const otherBytes = await upload('file_name=x.csv', bhavcopy, {
      'x-document-attributes': JSON.stringify({ sha256: sha256(new Uint8Array([1])) }),
    });
    expect(errorKeys(otherBytes)).toEqual(['header.x-document-attributes.sha256:value_error']);
    expect(errorKeys(await upload('file_name=x.csv', ''))).toEqual(['body:missing']);
    expect(await storeCounts()).toEqual(before);
  });

  it('takes only raw bytes: a JSON body is a 415, and other routes keep their own body limit', async () => {
    const json = await upload('file_name=x.json', JSON.stringify({ a: 1 }), { 'content-type': 'application/json' });
    expect(json.statusCode).toBe(415);
    const big = JSON.stringify({ query: 'x'.repeat(70_000) });
    const search = await app.inject({
      method: 'POST',
      url: '/v1/search',
      headers: { 'x-api-key': readKey, 'content-type': 'application/json' },
      payload: big,
    });
    expect(search.statusCode).toBe(413);
  });

  it('is what the relay client uploads with: a real master list over HTTP, then the same bytes again, then a key that may not', async () => {
    const equity = new Uint8Array(await readFile('sample-data/master/EQUITY_L.csv'));
    const doc = {
      bytes: equity,
      fileName: 'EQUITY_L.csv',
      sourceUrl: 'https://nsearchives.nseindia.com/content/equities/EQUITY_L.csv',
      knownAt: '2024-03-08T00:00:00+05:30',
      attributes: { fetched_at: '2024-03-08T09:00:00+05:30', http_status: 200 },
    };
    const first = await uploadDocument(address, ingestKey, doc);
    expect(first).toEqual({
      ok: true,
      status: 202,
      sha256: sha256(equity),
      problems: [],
      documents: [
        {
          document_id: sha256(equity),
          file_name: 'EQUITY_L.csv',
          format: 'nse-equity-master',
          outcome: 'stored',
          parse: { status: 'parsed', reason: null },
        },
      ],
    });
    // The client stated the digest of what it sent, and the service kept it with the copy.
    const { rows } = await service.harness.db.query<{ attributes: { relay: Record<string, unknown> } }>(
      'select attributes from raw_documents where document_id = $1',
      [sha256(equity)],
    );
    expect(rows[0]?.attributes.relay).toEqual({ ...doc.attributes, sha256: sha256(equity) });

    const before = await storeCounts();
    const again = await uploadDocument(`${address}/`, ingestKey, doc);
    expect(again.ok && again.documents.map((d) => [d.outcome, d.parse.status])).toEqual([['known', 'parsed']]);
    expect(await storeCounts()).toEqual(before);

    expect(await uploadDocument(address, readKey, doc)).toEqual({
      ok: false,
      status: 403,
      detail: 'this key does not have the ingest scope',
      retryable: false,
      retryAfterSeconds: undefined,
    });
    const naive = await uploadDocument(address, ingestKey, { ...doc, knownAt: '2024-03-08T00:00:00' });
    expect(naive).toMatchObject({
      ok: false,
      status: 422,
      retryable: false,
      detail: expect.stringMatching(/^query\.known_at: /) as string,
    });
  });
});
