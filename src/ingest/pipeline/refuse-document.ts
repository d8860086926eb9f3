import { streams } from '#schemas/events';
import type { SqlExecutor } from '#platform/db';
import { prepareEvents, appendToStreams, domainEventRegistry, type NewEvent } from '#platform/event-store';
import { deterministicEventId } from '#platform/event-id';
import { contentTypeOf } from './content-type.ts';
import { disseminatedEvent, receivedEvent } from './receive-document.ts';
import type { Refusal } from '#ingest/sources';

/** A delivery refused at receipt, with the context it came with. */
export interface RefusedDelivery {
  readonly refusal: Refusal;
  readonly fileName: string;
  /** The format its first bytes show (or unknown), and that parser's version: what the rejection is of. */
  readonly format: string;
  readonly parserVersion: number;
  readonly sourceUrl: string | null;
  readonly knownAt: string | null;
  readonly attributes: Readonly<Record<string, unknown>>;
  readonly source: string;
}

/**
 * The id of a refusal's rejection: the document and the limit it broke, with the limit's
 * value. The same file refused under the same limits again appends nothing; under raised
 * limits it is received as any other file.
 */
export const refusalEventId = (documentId: string, rule: string) => deterministicEventId(documentId, `refused:${rule}`);

function refusalEvents(delivery: RefusedDelivery, receivedAt: string): NewEvent[] {
  const { documentId, byteLength, rule, reason } = delivery.refusal;
  const knownAt = delivery.knownAt ? new Date(delivery.knownAt).toISOString() : null;
  const described = {
    documentId,
    fileName: delivery.fileName.slice(-500),
    contentType: contentTypeOf(delivery.fileName),
    format: delivery.format,
    sourceUrl: delivery.sourceUrl,
    knownAt,
    receivedAt,
    attributes: delivery.attributes,
  };
  const id = refusalEventId(documentId, rule);
  const rejected: NewEvent = {
    id,
    type: 'DocumentRejected',
    data: { documentId, format: delivery.format, parserVersion: delivery.parserVersion, reason: reason.slice(0, 2000), problems: [] },
    metadata: {
      knownAt: knownAt ?? receivedAt,
      source: 'ingest',
      sourceUrl: delivery.sourceUrl,
      sourceFile: described.fileName,
      sourceSha256: documentId,
      correlationId: id,
    },
  };
  return [receivedEvent({ ...described, byteLength }, delivery.source), disseminatedEvent(described, delivery.source), rejected];
}

/**
 * Records deliveries refused at receipt (over a size limit): for each, the document's
 * receipt (its digest and size; its bytes are not stored, so `raw_documents` has no row
 * and nothing ever parses it again), the copy, and its rejection with the reason, in one
 * transaction. A document whose bytes are already stored (received under higher limits)
 * is left as it is: a rejection appended after its parse would speak for it and void that
 * parse. Returns, per delivery, its rejection's id, or undefined for such a document.
 */
export async function refuseDocuments(
  db: SqlExecutor,
  deliveries: readonly RefusedDelivery[],
  now: () => Date = () => new Date(),
): Promise<Array<string | undefined>> {
  if (deliveries.length === 0) return [];
  const receivedAt = now().toISOString();
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{ document_id: string }>('select document_id from raw_documents where document_id = any($1::text[])', [
      deliveries.map((d) => d.refusal.documentId),
    ]);
    const stored = new Set(rows.map((row) => row.document_id));
    const refused = deliveries.filter((d) => !stored.has(d.refusal.documentId));
    await appendToStreams(
      tx,
      refused.map((delivery) => ({
        streamId: streams.document(delivery.refusal.documentId),
        events: prepareEvents(domainEventRegistry, refusalEvents(delivery, receivedAt)),
      })),
    );
    return deliveries.map((d) => (stored.has(d.refusal.documentId) ? undefined : refusalEventId(d.refusal.documentId, d.refusal.rule)));
  });
}
