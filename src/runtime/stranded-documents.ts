import { DOCUMENTS } from '#projections/filings';
import type { SqlExecutor } from '#platform/db';
import { companyKeyOf } from '#ingest/pipeline';
import type { StrandedDocument } from '#ingest/bus';

/**
 * Stored documents received before `before` that the documents read model still has as
 * received (no DocumentParsed or DocumentRejected projected), oldest first. The read model,
 * not the event store, so it answers whichever store holds the events; a projector running
 * behind makes a document look stranded, and it is parsed again to the same events.
 */
export async function findStrandedDocuments(db: SqlExecutor, before: Date, limit: number): Promise<StrandedDocument[]> {
  const { rows } = await db.query<{ document_id: string; format: string; attributes: Record<string, unknown> | null }>(
    `select d.document_id, r.format, r.attributes
     from ${DOCUMENTS} d join raw_documents r on r.document_id = d.document_id
     where d.status = 'received' and d.received_at < $1
     order by d.received_at
     limit $2`,
    [before.toISOString(), limit],
  );
  return rows.map((row) => ({ documentId: row.document_id, format: row.format, key: companyKeyOf(row.attributes ?? {}) }));
}
