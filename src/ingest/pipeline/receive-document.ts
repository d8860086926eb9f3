import { createHash } from 'node:crypto';
import path from 'node:path';
import { streams } from '#schemas/events';
import type { SqlExecutor } from '#platform/db';
import { prepareEvents, appendToStreams, type NewEvent, domainEventRegistry } from '#platform/event-store';
import { deterministicEventId } from '#platform/event-id';
import { contentTypeOf } from './content-type.ts';
import { contextKeyOf } from '#ingest/jobs';
import type { ParserRegistry } from '#ingest/formats/parser-registry';
import { type RawDocument, type StoredDocument, type StoreResult, storeRawDocuments } from './raw-documents.ts';

/** A file as a connector hands it over, with whatever context it knows. */
export interface IncomingDocument {
  readonly bytes: Uint8Array;
  /** The name as published (a zip entry is `archive.zip/entry.csv`). */
  readonly fileName: string;
  readonly sourceUrl?: string | null;
  /** When the content became knowable, if the connector knows (e.g. from a listing). */
  readonly knownAt?: string | null;
  readonly attributes?: Readonly<Record<string, unknown>>;
  /** Who delivered it: cli, inbox, sample, ... */
  readonly source?: string;
  /** The format already detected for it (a run detects its files' formats first); detected on receipt if absent. */
  readonly format?: string;
}

export interface ReceivedDocument {
  readonly documentId: string;
  readonly fileName: string;
  readonly format: string;
  /**
   * stored: new bytes; known: stored before (contextChanged: it now has this delivery's
   * context, its first or an earlier dissemination's, and is to be parsed again); refused:
   * over a size limit, recorded as rejected and not stored (refuse-document.ts).
   */
  readonly outcome: 'stored' | 'known' | 'refused';
  readonly contextChanged: boolean;
  /** Digest of the context the document is stored with (see document-context.ts). */
  readonly contextKey: string;
}

export const UNKNOWN_FORMAT = 'unknown';

export const sha256Hex = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** The raw document of a delivery: its hash, its format, the context it came with. */
function rawDocumentOf(parsers: ParserRegistry, incoming: IncomingDocument, receivedAt: string): RawDocument {
  const fileName = incoming.fileName.slice(-500);
  return {
    documentId: sha256Hex(incoming.bytes),
    bytes: incoming.bytes,
    fileName,
    contentType: contentTypeOf(fileName),
    format: incoming.format ?? parsers.detect(path.basename(incoming.fileName), incoming.bytes)?.format ?? UNKNOWN_FORMAT,
    sourceUrl: incoming.sourceUrl ?? null,
    // As the store keeps it (UTC, milliseconds), so that a time given as +05:30 and the same
    // time read back are one context.
    knownAt: incoming.knownAt ? new Date(incoming.knownAt).toISOString() : null,
    receivedAt,
    attributes: incoming.attributes ?? {},
  };
}

/** The first receipt of a document's bytes; stored once, the same bytes again add nothing. */
export function receivedEvent(document: StoredDocument, source: string): NewEvent {
  return {
    id: deterministicEventId(document.documentId, 'received'),
    type: 'DocumentReceived',
    data: {
      documentId: document.documentId,
      format: document.format,
      fileName: document.fileName,
      contentType: document.contentType,
      byteLength: document.byteLength,
      receivedAt: document.receivedAt,
      companyId: null,
    },
    metadata: {
      knownAt: document.knownAt ?? document.receivedAt,
      source,
      sourceUrl: document.sourceUrl,
      sourceFile: document.fileName,
      sourceSha256: document.documentId,
    },
  };
}

/**
 * This delivery as a copy of the document, with its own name and context: one event per
 * distinct copy, so the set of copies, and the earliest of them, is the same whatever
 * order they arrive in.
 */
export function disseminatedEvent(delivery: Omit<RawDocument, 'bytes'>, source: string): NewEvent {
  return {
    id: deterministicEventId(delivery.documentId, `disseminated:${delivery.fileName}@${contextKeyOf(delivery)}`),
    type: 'DocumentDisseminated',
    data: {
      documentId: delivery.documentId,
      fileName: delivery.fileName,
      sourceUrl: delivery.sourceUrl,
      knownAt: delivery.knownAt,
      receivedAt: delivery.receivedAt,
      attributes: delivery.attributes,
    },
    metadata: {
      knownAt: delivery.knownAt ?? delivery.receivedAt,
      source,
      sourceUrl: delivery.sourceUrl,
      sourceFile: delivery.fileName,
      sourceSha256: delivery.documentId,
    },
  };
}

const receivedOf = (stored: StoreResult): ReceivedDocument => ({
  documentId: stored.document.documentId,
  fileName: stored.document.fileName,
  format: stored.document.format,
  outcome: stored.outcome,
  contextChanged: stored.outcome === 'known' && stored.contextChanged,
  contextKey: contextKeyOf(stored.document),
});

/**
 * Stores documents exactly as received and records their receipt and each copy, in one
 * transaction, before anything parses them: whatever happens next, the bytes are kept.
 * Receiving the same copy again appends nothing.
 */
export async function receiveDocuments(
  db: SqlExecutor,
  parsers: ParserRegistry,
  incoming: readonly IncomingDocument[],
  now: () => Date = () => new Date(),
): Promise<ReceivedDocument[]> {
  const receivedAt = now().toISOString();
  return db.transaction(async (tx) => {
    const deliveries = incoming.map((document) => rawDocumentOf(parsers, document, receivedAt));
    const stored = await storeRawDocuments(tx, deliveries);
    await appendToStreams(
      tx,
      stored.map((result, i) => {
        const source = incoming[i]?.source ?? 'file';
        const delivery = deliveries[i] as RawDocument;
        return {
          streamId: streams.document(delivery.documentId),
          events: prepareEvents(domainEventRegistry, [receivedEvent(result.document, source), disseminatedEvent(delivery, source)]),
        };
      }),
    );
    return stored.map(receivedOf);
  });
}

export async function receiveDocument(
  db: SqlExecutor,
  parsers: ParserRegistry,
  incoming: IncomingDocument,
  now?: () => Date,
): Promise<ReceivedDocument> {
  const [received] = await receiveDocuments(db, parsers, [incoming], now);
  if (!received) throw new Error(`${incoming.fileName} was not received`);
  return received;
}
