import { streams } from '#schemas/events';
import type { SqlExecutor } from '#platform/db';
import { prepareEvents, appendToStreams, domainEventRegistry, type NewEvent } from '#platform/event-store';
import { deterministicEventId } from '#platform/event-id';
import type { ParserRegistry } from '#ingest/formats/parser-registry';
import { contextKeyOf, type IngestJob } from '#ingest/jobs';

/** How every dead letter's reason begins: what /health counts (runtime/dead-lettered-documents.ts). */
export const DEAD_LETTER_REASON = 'parsing failed on every attempt';

/**
 * The id of a dead letter's rejection: its own, never the outcome id a parse of the same
 * context would append, so a later parse that succeeds (the database back, a fixed parser)
 * is appended after it and speaks for the document.
 */
export const deadLetterEventId = (documentId: string, format: string, parserVersion: number, contextKey: string) =>
  deterministicEventId(documentId, `dead-letter:${format}:v${parserVersion}@${contextKey}`);

interface StoredRow {
  file_name: string;
  format: string;
  known_at: Date | null;
  received_at: Date;
  source_url: string | null;
  attributes: Record<string, unknown>;
  parsed: boolean;
}

/**
 * Records the rejection of a document whose job failed every attempt, with the last error,
 * so a dead letter is an outcome the documents read model, the summary and /health see,
 * not a document left "received". A document already parsed keeps its parse (a reparse that
 * died must not void it), and one not stored has nothing to reject: both are left alone.
 * Returns the rejection's id, or undefined when nothing was recorded.
 */
export async function recordDeadLetter(
  db: SqlExecutor,
  parsers: ParserRegistry,
  job: IngestJob,
  error: Error,
): Promise<string | undefined> {
  const { documentId } = job;
  const { rows } = await db.query<StoredRow>(
    `select file_name, format, known_at, received_at, source_url, attributes,
            exists (select 1 from es_events where stream_id = $2 and event_type = 'DocumentParsed') as parsed
     from raw_documents where document_id = $1`,
    [documentId, streams.document(documentId)],
  );
  const row = rows[0];
  if (!row || row.parsed) return undefined;
  const format = job.format ?? row.format;
  const parserVersion = parsers.byFormat(format)?.version ?? 1;
  const knownAt = row.known_at?.toISOString() ?? null;
  const id = deadLetterEventId(
    documentId,
    format,
    parserVersion,
    contextKeyOf({ knownAt, sourceUrl: row.source_url, attributes: row.attributes }),
  );
  const reason = `${DEAD_LETTER_REASON}; the last error: ${error.message || error.name}`.slice(0, 2000);
  const rejected: NewEvent = {
    id,
    type: 'DocumentRejected',
    data: { documentId, format, parserVersion, reason, problems: [] },
    metadata: {
      knownAt: knownAt ?? row.received_at.toISOString(),
      source: 'ingest',
      sourceUrl: row.source_url,
      sourceFile: row.file_name,
      sourceSha256: documentId,
      correlationId: id,
    },
  };
  const events = prepareEvents(domainEventRegistry, [rejected]);
  await db.transaction((tx) => appendToStreams(tx, [{ streamId: streams.document(documentId), events }]));
  return id;
}
