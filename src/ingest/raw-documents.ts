import type { SqlExecutor } from '../db/db.ts';
import { contextKeyOf } from './document-context.ts';

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
  bytes: Uint8Array;
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
  /** Already stored; it may now have gained the context it lacked (e.g. its listing entry). */
  | { readonly outcome: 'known'; readonly document: StoredDocument; readonly contextAdded: boolean };

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

const toRawDocument = (row: RawDocumentRow): RawDocument => ({ ...described(row), bytes: row.bytes });

type StoredRow = Omit<RawDocumentRow, 'bytes'> & { byte_length: number };

const COLUMNS_PER_ROW = 10;

/** One statement for a batch of new documents; those already stored are left as they are. */
async function insertNew(tx: SqlExecutor, docs: readonly RawDocument[]): Promise<Map<string, StoredRow>> {
  if (docs.length === 0) return new Map();
  const rows = docs.map((_, i) => `(${Array.from({ length: COLUMNS_PER_ROW }, (_, c) => `$${i * COLUMNS_PER_ROW + c + 1}`).join(', ')})`);
  const { rows: inserted } = await tx.query<StoredRow>(
    `insert into raw_documents (document_id, bytes, byte_length, file_name, content_type, format, source_url,
                                known_at, received_at, attributes)
     values ${rows.join(', ')}
     on conflict (document_id) do nothing
     returning ${STORED_COLUMNS}`,
    docs.flatMap((doc) => [
      doc.documentId,
      doc.bytes,
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

/** A document already stored: it takes the context of this delivery if it had none. */
async function storeKnown(tx: SqlExecutor, doc: RawDocument): Promise<StoreResult> {
  const hasContext = doc.knownAt !== null || Object.keys(doc.attributes).length > 0;
  const upgraded = hasContext
    ? await tx.query<StoredRow>(
        `update raw_documents
         set known_at = coalesce(known_at, $2), source_url = coalesce(source_url, $3), attributes = $4
         where document_id = $1 and known_at is null and attributes = '{}'::jsonb
         returning ${STORED_COLUMNS}`,
        [doc.documentId, doc.knownAt, doc.sourceUrl, JSON.stringify(doc.attributes)],
      )
    : { rows: [] };
  const row =
    upgraded.rows[0] ??
    (await tx.query<StoredRow>(`select ${STORED_COLUMNS} from raw_documents where document_id = $1`, [doc.documentId])).rows[0];
  if (!row) throw new Error(`raw document ${doc.documentId} vanished while being stored`);
  return { outcome: 'known', document: toStoredDocument(row), contextAdded: upgraded.rows.length > 0 };
}

/**
 * Stores documents unless their bytes are already stored, in order. A document first
 * received without context (no known_at, no attributes) takes the context of a later
 * delivery that has it; context already recorded is never changed. The same bytes twice in
 * one batch are stored once; the second is a known document.
 */
export async function storeRawDocuments(tx: SqlExecutor, docs: readonly RawDocument[]): Promise<StoreResult[]> {
  const firsts = new Map<string, RawDocument>();
  for (const doc of docs) if (!firsts.has(doc.documentId)) firsts.set(doc.documentId, doc);
  const inserted = await insertNew(tx, [...firsts.values()]);
  const results: StoreResult[] = [];
  for (const doc of docs) {
    const row = firsts.get(doc.documentId) === doc ? inserted.get(doc.documentId) : undefined;
    results.push(row ? { outcome: 'stored', document: toStoredDocument(row) } : await storeKnown(tx, doc));
  }
  return results;
}

async function selectRaw(db: SqlExecutor, documentId: string): Promise<RawDocumentRow | undefined> {
  const { rows } = await db.query<RawDocumentRow>('select * from raw_documents where document_id = $1', [documentId]);
  return rows[0];
}

export async function loadRawDocument(db: SqlExecutor, documentId: string): Promise<RawDocument | undefined> {
  const row = await selectRaw(db, documentId);
  return row && toRawDocument(row);
}

/** Several stored documents, in the order asked for. */
export async function loadRawDocuments(db: SqlExecutor, documentIds: readonly string[]): Promise<RawDocument[]> {
  const { rows } = await db.query<RawDocumentRow>('select * from raw_documents where document_id = any($1::text[])', [
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
  const { rows } = await db.query<RawDocumentRow>('select * from raw_documents where format = $1 order by received_at', [
    format,
  ]);
  return rows.map(toRawDocument);
}

/** Records the format found for a document stored as unknown, once a parser recognises it. */
export async function setRawDocumentFormat(db: SqlExecutor, documentId: string, format: string): Promise<void> {
  await db.query('update raw_documents set format = $2 where document_id = $1', [documentId, format]);
}

/** Stored documents of a format whose context lacks an attribute (XBRL files received without their listing). */
export async function listRawDocumentsWithout(
  db: SqlExecutor,
  format: string,
  attribute: string,
): Promise<Array<{ documentId: string; fileName: string }>> {
  const { rows } = await db.query<{ document_id: string; file_name: string }>(
    `select document_id, file_name from raw_documents where format = $1 and not (attributes ? $2) order by received_at, document_id`,
    [format, attribute],
  );
  return rows.map((row) => ({ documentId: row.document_id, fileName: row.file_name }));
}
