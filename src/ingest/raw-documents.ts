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

const toRawDocument = (row: RawDocumentRow): RawDocument => ({
  documentId: row.document_id,
  bytes: row.bytes,
  fileName: row.file_name,
  contentType: row.content_type,
  format: row.format,
  sourceUrl: row.source_url,
  knownAt: row.known_at?.toISOString() ?? null,
  receivedAt: row.received_at.toISOString(),
  attributes: row.attributes,
});

export type StoreResult =
  | { readonly outcome: 'stored'; readonly document: RawDocument }
  /** Already stored; it may now have gained the context it lacked (e.g. its listing entry). */
  | { readonly outcome: 'known'; readonly document: RawDocument; readonly contextAdded: boolean };

/**
 * Stores a document unless its bytes are already stored. A document first received without
 * context (no known_at, no attributes) takes the context of a later delivery that has it;
 * context already recorded is never changed.
 */
export async function storeRawDocument(tx: SqlExecutor, doc: RawDocument): Promise<StoreResult> {
  const inserted = await tx.query<RawDocumentRow>(
    `insert into raw_documents (document_id, bytes, byte_length, file_name, content_type, format, source_url,
                                known_at, received_at, attributes)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
     on conflict (document_id) do nothing
     returning *`,
    [
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
    ],
  );
  if (inserted.rows[0]) return { outcome: 'stored', document: toRawDocument(inserted.rows[0]) };

  const hasContext = doc.knownAt !== null || Object.keys(doc.attributes).length > 0;
  const upgraded = hasContext
    ? await tx.query<RawDocumentRow>(
        `update raw_documents
         set known_at = coalesce(known_at, $2), source_url = coalesce(source_url, $3), attributes = $4
         where document_id = $1 and known_at is null and attributes = '{}'::jsonb
         returning *`,
        [doc.documentId, doc.knownAt, doc.sourceUrl, JSON.stringify(doc.attributes)],
      )
    : { rows: [] };
  const row = upgraded.rows[0] ?? (await selectRaw(tx, doc.documentId));
  if (!row) throw new Error(`raw document ${doc.documentId} vanished while being stored`);
  return { outcome: 'known', document: toRawDocument(row), contextAdded: upgraded.rows.length > 0 };
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
