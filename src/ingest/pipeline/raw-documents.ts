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
  /** The bytes in base64 (see bytesIn and WITH_BYTES) of a document stored before its bytes were kept in parts, else null. */
  bytes: string | null;
  byte_length: number;
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
const WITH_BYTES = `document_id, encode(bytes, 'base64') as bytes, byte_length, file_name, content_type, format, source_url, known_at, received_at, attributes`;

/**
 * A document's bytes are stored in parts of this size (raw_document_parts), and at most
 * PARTS_PER_STATEMENT of them cross the connection at once: on embedded PGlite one value of
 * 63 MiB grew its memory, which never shrinks, by some 600 MB to insert and 200 MB to read.
 */
export const DOCUMENT_PART_BYTES = 1024 * 1024;
const PARTS_PER_STATEMENT = 4;

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

/**
 * The documents of `rows` with their bytes: a row's own (stored before bytes were kept in
 * parts), else its parts, several documents a statement up to PARTS_PER_STATEMENT parts' worth
 * of bytes, a larger document that many parts at a time. Parts that do not add up to the
 * document's length are an error, never bytes made up.
 */
async function withBytes(db: SqlExecutor, rows: readonly RawDocumentRow[]): Promise<RawDocument[]> {
  const filled = new Map<string, { bytes: Uint8Array; received: number }>();
  const limit = PARTS_PER_STATEMENT * DOCUMENT_PART_BYTES;
  const read = async (ids: readonly string[], from: number, to: number) => {
    const { rows: parts } = await db.query<{ document_id: string; part: number; bytes: string }>(
      `select document_id, part, encode(bytes, 'base64') as bytes from raw_document_parts
       where document_id = any($1::text[]) and part between $2 and $3`,
      [ids, from, to],
    );
    for (const { document_id: id, part, bytes } of parts) {
      const into = filled.get(id);
      const chunk = Buffer.from(bytes, 'base64');
      if (!into || part * DOCUMENT_PART_BYTES + chunk.byteLength > into.bytes.byteLength) {
        throw new Error(`stored document ${id}: part ${part} lies beyond its length`);
      }
      into.bytes.set(chunk, part * DOCUMENT_PART_BYTES);
      into.received += chunk.byteLength;
    }
  };
  const last = PARTS_PER_STATEMENT - 1;
  let group: string[] = [];
  let grouped = 0;
  for (const row of rows) {
    if (row.bytes !== null) continue;
    filled.set(row.document_id, { bytes: new Uint8Array(row.byte_length), received: 0 });
    if (row.byte_length > limit) {
      for (let from = 0; from * DOCUMENT_PART_BYTES < row.byte_length; from += PARTS_PER_STATEMENT) {
        await read([row.document_id], from, from + last);
      }
      continue;
    }
    if (grouped + row.byte_length > limit) {
      await read(group, 0, last);
      group = [];
      grouped = 0;
    }
    group.push(row.document_id);
    grouped += row.byte_length;
  }
  if (group.length > 0) await read(group, 0, last);
  return rows.map((row) => {
    if (row.bytes !== null) return { ...described(row), bytes: new Uint8Array(Buffer.from(row.bytes, 'base64')) };
    const { bytes, received } = filled.get(row.document_id) as { bytes: Uint8Array; received: number };
    if (received !== row.byte_length) {
      throw new Error(`stored document ${row.document_id}: its parts hold ${received} of its ${row.byte_length} bytes`);
    }
    return { ...described(row), bytes };
  });
}

type StoredRow = Omit<RawDocumentRow, 'bytes'> & { byte_length: number };

const COLUMNS_PER_ROW = 9;

/** The parts of new documents' bytes, a few to a statement (DOCUMENT_PART_BYTES, PARTS_PER_STATEMENT). */
async function insertParts(tx: SqlExecutor, docs: readonly RawDocument[]): Promise<void> {
  let batch: [documentId: string, part: number, base64: string][] = [];
  const flush = async () => {
    if (batch.length === 0) return;
    const values = batch.map((_, i) => `($${i * 3 + 1}, $${i * 3 + 2}, decode($${i * 3 + 3}, 'base64'))`);
    await tx.query(`insert into raw_document_parts (document_id, part, bytes) values ${values.join(', ')}`, batch.flat());
    batch = [];
  };
  for (const doc of docs) {
    // An empty document has one empty part, so that every document has its parts.
    for (let part = 0, at = 0; part === 0 || at < doc.bytes.byteLength; part++, at += DOCUMENT_PART_BYTES) {
      batch.push([doc.documentId, part, bytesIn(doc.bytes.subarray(at, at + DOCUMENT_PART_BYTES))]);
      if (batch.length === PARTS_PER_STATEMENT) await flush();
    }
  }
  await flush();
}

/** One statement for a batch of new documents, then their bytes in parts; those already stored are left as they are. */
async function insertNew(tx: SqlExecutor, docs: readonly RawDocument[]): Promise<Map<string, StoredRow>> {
  if (docs.length === 0) return new Map();
  const rows = docs.map((_, i) => `(${Array.from({ length: COLUMNS_PER_ROW }, (_, c) => `$${i * COLUMNS_PER_ROW + c + 1}`).join(', ')})`);
  const { rows: inserted } = await tx.query<StoredRow>(
    `insert into raw_documents (document_id, byte_length, file_name, content_type, format, source_url, known_at, received_at, attributes)
     values ${rows.join(', ')}
     on conflict (document_id) do nothing
     returning ${STORED_COLUMNS}`,
    docs.flatMap((doc) => [
      doc.documentId,
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
  const stored = new Map(inserted.map((row) => [row.document_id, row]));
  await insertParts(
    tx,
    docs.filter((doc) => stored.has(doc.documentId)),
  );
  return stored;
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
  return row && (await withBytes(db, [row]))[0];
}

/** Several stored documents, in the order asked for. */
export async function loadRawDocuments(db: SqlExecutor, documentIds: readonly string[]): Promise<RawDocument[]> {
  const { rows } = await db.query<RawDocumentRow>(`select ${WITH_BYTES} from raw_documents where document_id = any($1::text[])`, [
    documentIds,
  ]);
  const byId = new Map((await withBytes(db, rows)).map((document) => [document.documentId, document]));
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
  return withBytes(db, rows);
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
