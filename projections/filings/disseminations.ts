import type { DocumentDisseminated, DocumentReceived } from '#schemas/events';
import type { SqlExecutor } from '#platform/db';
import type { StoredEvent } from '#platform/event-store';
import { DISSEMINATIONS, DOCUMENTS } from './tables.ts';

export type CopyEvent =
  | StoredEvent<{ type: 'DocumentReceived'; data: DocumentReceived }>
  | StoredEvent<{ type: 'DocumentDisseminated'; data: DocumentDisseminated }>;

interface DisseminationRow {
  readonly document_id: string;
  readonly copy_key: string;
  readonly file_name: string;
  readonly source_url: string | null;
  readonly known_at: string;
  readonly recorded_at: string;
}

/**
 * The dissemination a copy event states, if it states a time. A receipt states one when
 * its known_at is not simply the time received (stores from before copies were recorded
 * have only the receipt); a later copy event of the same copy then adds nothing.
 */
export function disseminationOf(event: CopyEvent): DisseminationRow | undefined {
  const stated = event.type === 'DocumentDisseminated' ? event.data.knownAt : event.metadata.knownAt;
  if (stated === null || (event.type === 'DocumentReceived' && stated === event.data.receivedAt)) return undefined;
  const knownAt = new Date(stated).toISOString();
  const sourceUrl = event.type === 'DocumentDisseminated' ? event.data.sourceUrl : event.metadata.sourceUrl;
  return {
    document_id: event.data.documentId,
    copy_key: [event.data.fileName, knownAt, sourceUrl ?? ''].join('\n'),
    file_name: event.data.fileName,
    source_url: sourceUrl,
    known_at: knownAt,
    recorded_at: event.metadata.recordedAt,
  };
}

/**
 * Records the stated disseminations of documents, and makes each document known from the
 * earliest of them (then the least URL), unless its receipt came earlier still. A minimum
 * over a set, so the result does not depend on the order the copies arrive in.
 */
export async function recordDisseminations(tx: SqlExecutor, rows: readonly DisseminationRow[]): Promise<void> {
  if (rows.length === 0) return;
  await tx.query(
    `insert into ${DISSEMINATIONS} (document_id, copy_key, file_name, source_url, known_at, recorded_at)
     select * from jsonb_to_recordset($1::jsonb) as x(document_id text, copy_key text, file_name text, source_url text,
       known_at timestamptz, recorded_at timestamptz)
     on conflict (document_id, copy_key) do nothing`,
    [JSON.stringify(rows)],
  );
  await tx.query(
    `update ${DOCUMENTS} d set known_at = e.known_at, source_url = e.source_url
     from (
       select distinct on (document_id) document_id, known_at, source_url
       from ${DISSEMINATIONS}
       where document_id = any($1::text[])
       order by document_id, known_at, coalesce(source_url, '') collate "C"
     ) e
     where d.document_id = e.document_id
       and (e.known_at, coalesce(e.source_url, '') collate "C") < (d.known_at, coalesce(d.source_url, '') collate "C")`,
    [[...new Set(rows.map((row) => row.document_id))]],
  );
}
