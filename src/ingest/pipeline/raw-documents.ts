import type { SqlExecutor } from '#platform/db';
import { contextKeyOf } from '#ingest/jobs';
import { isEarlierContext } from './earliest-context.ts';

/** A source document exactly as received, with the context it arrived with. */
export interface RawDocument {
  readonly documentId: string;
  readonly bytes: Uint8Array;
  readonly fileName: string;
  readonly contentType: string;
  readonly format: string;
  readonly sourceUrl: string | null;
  readonly knownAt: string | null;
  readonly receivedAt: string;
  readonly attributes: Readonly<Record<string, unknown>>;
}

interface RawDocumentRow {
  document_id: string;
  /** The bytes in base64 (see bytesIn and WITH_BYTES). */
  bytes: string;
  file_name: string;
  content_type: string;
  format: string;
  source_url: string | null;
  known_at: Date | null;
  received_at: Date;
  attributes: Record<string, unknown>;
}

/** A stored document as its receipt describes it: everything but the bytes. */
export type StoredDocument = Omit<RawDocument, 'bytes'> & { readonly byteLength: number };

export type StoreResult =
  | { readonly outcome: 'stored'; readonly document: StoredDocument }
  /**
   * Already stored; contextChanged: it now has the context of this delivery, because it had
   * none (e.g. its listing entry came later) or this is an earlier dissemination of it.
   */
  | { readonly outcome: 'known'; readonly document: StoredDocument; readonly contextChanged: boolean };

/**
 * The bytes cross the connection as base64, encoded and decoded by PostgreSQL's `encode` and
 * `decode` and by Node's Buffer, both native. As `bytea` they cross as hex text that embedded
 * PGlite writes and reads byte by byte in JavaScript: a 1.1 MB file took about 0.4-0.7 s to
 * insert and 0.2-0.3 s to read that way, 40-95 ms and 8-16 ms as base64, and either holds
 * the one connection meanwhile.
 */
const bytesIn = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64');
const WITH_BYTES = `document_id, encode(bytes, 'base64') as bytes, file_name, content_type, format, source_url, known_at, received_at, attributes`;

// Never the bytes: receiving a folder must not read back every document it just wrote.
const STORED_COLUMNS = 'document_id, byte_length, file_name, content_type, format, source_url, known_at, received_at, attributes';

/** What a row says of its document, bytes aside. */
const described = (row: Omit<RawDocumentRow, 'bytes'>) => ({
  documentId: row.document_id,
  fileName: row.file_name,
  contentType: row.content_type,
  format: row.format,
  sourceUrl: row.source_url,
  knownAt: row.known_at?.toISOString() ?? null,
  receivedAt: row.received_at.toISOString(),
  attributes: row.attributes,
});

const toStoredDocument = (row: Omit<RawDocumentRow, 'bytes'> & { byte_length: number }): StoredDocument => ({
  ...described(row),
  byteLength: row.byte_length,
});

const toRawDocument = (row: RawDocumentRow): RawDocument => ({
  ...described(row),
  bytes: new Uint8Array(Buffer.from(row.bytes, 'base64')),
});

type StoredRow = Omit<RawDocumentRow, 'bytes'> & { byte_length: number };

const COLUMNS_PER_ROW = 10;

/** One statement for a batch of new documents; those already stored are left as they are. */
async function insertNew(tx: SqlExecutor, docs: readonly RawDocument[]): Promise<Map<string, StoredRow>> {
  if (docs.length === 0) return new Map();
  const param = (i: number, c: number) =>
    c === 1 ? `decode($${i * COLUMNS_PER_ROW + c + 1}, 'base64')` : `$${i * COLUMNS_PER_ROW + c + 1}`;
  const rows = docs.map((_, i) => `(${Array.from({ length: COLUMNS_PER_ROW }, (_, c) => param(i, c)).join(', ')})`);
  const { rows: inserted } = await tx.query<StoredRow>(
    `insert into raw_documents (document_id, bytes, byte_length, file_name, content_type, format, source_url,
                                known_at, received_at, attributes)
     values ${rows.join(', ')}
     on conflict (document_id) do nothing
     returning ${STORED_COLUMNS}`,
    docs.flatMap((doc) => [
      doc.documentId,
      bytesIn(doc.bytes),
      doc.bytes.byteLength,
      doc.fileName,
      doc.contentType,
      doc.format,
      doc.sourceUrl,
      doc.knownAt,
      doc.receivedAt,
      JSON.stringify(doc.attributes),
    ]),
  );
  return new Map(inserted.map((row) => [row.document_id, row]));
}

/**
 * A document already stored: this delivery's context replaces the stored one when it is an
 * earlier dissemination (or the document had none), with the name it was delivered under.
 * The row is locked, so concurrent deliveries of one document end with the earliest.
 */
async function storeKnown(tx: SqlExecutor, doc: RawDocument): Promise<StoreResult> {
  const { rows } = await tx.query<StoredRow>(`select ${STORED_COLUMNS} from raw_documents where document_id = $1 for update`, [
    doc.documentId,
  ]);
  const held = rows[0];
  if (!held) throw new Error(`raw document ${doc.documentId} vanished while being stored`);
  if (!isEarlierContext(doc, described(held))) return { outcome: 'known', document: toStoredDocument(held), contextChanged: false };
  const { rows: updated } = await tx.query<StoredRow>(
    `update raw_documents set known_at = $2, source_url = $3, attributes = $4, file_name = $5
     where document_id = $1
     returning ${STORED_COLUMNS}`,
    [doc.documentId, doc.knownAt, doc.sourceUrl, JSON.stringify(doc.attributes), doc.fileName],
  );
  const row = updated[0] ?? held;
  return { outcome: 'known', document: toStoredDocument(row), contextChanged: true };
}

/**
 * Stores documents unless their bytes are already stored. Of several deliveries of the same
 * bytes (in this batch or over time), the document keeps the context of the earliest
 * dissemination (see isEarlierContext), whichever arrived first; a document first received
 * without context takes the context of a later delivery. Every delivery of a document in
 * the batch reports the document as it ends up; only the first stores new bytes.
 */
export async function storeRawDocuments(tx: SqlExecutor, docs: readonly RawDocument[]): Promise<StoreResult[]> {
  const earliest = new Map<string, RawDocument>();
  for (const doc of docs) {
    const seen = earliest.get(doc.documentId);
    if (!seen || isEarlierContext(doc, seen)) earliest.set(doc.documentId, doc);
  }
  const inserted = await insertNew(tx, [...earliest.values()]);
  const results = new Map<string, StoreResult>();
  // In id order, so concurrent batches lock the rows they update in the same order.
  for (const doc of [...earliest.values()].sort((a, b) => (a.documentId < b.documentId ? -1 : 1))) {
    const row = inserted.get(doc.documentId);
    results.set(doc.documentId, row ? { outcome: 'stored', document: toStoredDocument(row) } : await storeKnown(tx, doc));
  }
  const first = new Set<string>();
  return docs.map((doc) => {
    const result = results.get(doc.documentId) as StoreResult;
    const isFirst = !first.has(doc.documentId);
    first.add(doc.documentId);
    return result.outcome === 'stored' && !isFirst ? { outcome: 'known', document: result.document, contextChanged: false } : result;
  });
}

async function selectRaw(db: SqlExecutor, documentId: string): Promise<RawDocumentRow | undefined> {
  const { rows } = await db.query<RawDocumentRow>(`select ${WITH_BYTES} from raw_documents where document_id = $1`, [documentId]);
  return rows[0];
}

export async function loadRawDocument(db: SqlExecutor, documentId: string): Promise<RawDocument | undefined> {
  const row = await selectRaw(db, documentId);
  return row && toRawDocument(row);
}

/** Several stored documents, in the order asked for. */
export async function loadRawDocuments(db: SqlExecutor, documentIds: readonly string[]): Promise<RawDocument[]> {
  const { rows } = await db.query<RawDocumentRow>(`select ${WITH_BYTES} from raw_documents where document_id = any($1::text[])`, [
    documentIds,
  ]);
  const byId = new Map(rows.map((row) => [row.document_id, toRawDocument(row)]));
  return documentIds.flatMap((id) => byId.get(id) ?? []);
}

/** Stored documents (without their bytes), oldest first; of one format when given. */
export async function listRawDocuments(
  db: SqlExecutor,
  filter: { format?: string | undefined; documentIds?: readonly string[] | undefined } = {},
): Promise<Array<{ documentId: string; fileName: string; format: string; contextKey: string }>> {
  const { rows } = await db.query<Pick<RawDocumentRow, 'document_id' | 'file_name' | 'format' | 'known_at' | 'source_url' | 'attributes'>>(
    `select document_id, file_name, format, known_at, source_url, attributes from raw_documents
     where ($1::text is null or format = $1) and ($2::text[] is null or document_id = any($2::text[]))
     order by received_at, document_id`,
    [filter.format ?? null, filter.documentIds ?? null],
  );
  return rows.map((row) => ({
    documentId: row.document_id,
    fileName: row.file_name,
    format: row.format,
    contextKey: contextKeyOf({ knownAt: row.known_at?.toISOString() ?? null, sourceUrl: row.source_url, attributes: row.attributes }),
  }));
}

/** The bytes of every stored document of one format, e.g. the NSE listings. */
export async function loadRawDocumentsOfFormat(db: SqlExecutor, format: string): Promise<RawDocument[]> {
  const { rows } = await db.query<RawDocumentRow>(`select ${WITH_BYTES} from raw_documents where format = $1 order by received_at`, [
    format,
  ]);
  return rows.map(toRawDocument);
}

/** Records the format found for a document stored as unknown, once a parser recognises it. */
export async function setRawDocumentFormat(db: SqlExecutor, documentId: string, format: string): Promise<void> {
  await db.query('update raw_documents set format = $2 where document_id = $1', [documentId, format]);
}

/** Whether any document has been stored (a store that has received nothing is empty). */
export async function anyDocumentStored(db: SqlExecutor): Promise<boolean> {
  const { rows } = await db.query<{ stored: boolean }>('select exists (select 1 from raw_documents) as stored');
  return rows[0]?.stored ?? false;
}
