import { streams } from '#schemas/events';
import type { SqlExecutor } from '#platform/db';

/** A copy of a stored document: the document and a name it was delivered under. */
export interface DocumentCopy {
  readonly documentId: string;
  readonly fileName: string;
}

/**
 * The copies of a format's documents (by document and delivered name) none of whose
 * deliveries carried `attribute` in its context: e.g. XBRL files received before their
 * NSE listing, under each name they came under. A document's own row stands for the
 * copy it is stored as, which covers documents received before copies were recorded.
 */
export async function listCopiesWithout(db: SqlExecutor, format: string, attribute: string): Promise<DocumentCopy[]> {
  const { rows } = await db.query<{ document_id: string; file_name: string }>(
    `with copies as (
       select r.document_id, r.file_name, r.attributes from raw_documents r where r.format = $1
       union all
       select r.document_id, e.data->>'fileName', e.data->'attributes'
       from raw_documents r
       join es_events e on e.stream_id = $3 || r.document_id and e.event_type = 'DocumentDisseminated'
       where r.format = $1
     )
     select document_id, file_name from copies
     group by document_id, file_name
     having not bool_or(coalesce(attributes ? $2, false))
     order by document_id, file_name`,
    [format, attribute, streams.document('')],
  );
  return rows.map((row) => ({ documentId: row.document_id, fileName: row.file_name }));
}
