import { createHash } from 'node:crypto';
import path from 'node:path';
import { streams } from '../../schemas/events/streams.ts';
import type { SqlExecutor } from '../db/db.ts';
import { prepareEvents } from '../event-store/append-to-stream.ts';
import { appendToStreams } from '../event-store/append-to-streams.ts';
import type { NewEvent } from '../event-store/event-store.ts';
import { domainEventRegistry } from '../event-store/domain-event-store.ts';
import { deterministicEventId } from '../event-store/event-id.ts';
import { contentTypeOf } from './content-type.ts';
import { contextKeyOf } from './document-context.ts';
import type { ParserRegistry } from './parser-registry.ts';
import { type RawDocument, type StoreResult, storeRawDocuments } from './raw-documents.ts';

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
}

export interface ReceivedDocument {
  readonly documentId: string;
  readonly fileName: string;
  readonly format: string;
  /** stored: new bytes; known: stored before (contextAdded: it gained context now). */
  readonly outcome: 'stored' | 'known';
  readonly contextAdded: boolean;
  /** Digest of the context the document is stored with (see document-context.ts). */
  readonly contextKey: string;
}

export const UNKNOWN_FORMAT = 'unknown';

export const sha256Hex = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** The raw document of a delivery: its hash, the format detected, the context it came with. */
function rawDocumentOf(parsers: ParserRegistry, incoming: IncomingDocument, receivedAt: string): RawDocument {
  const fileName = incoming.fileName.slice(-500);
  return {
    documentId: sha256Hex(incoming.bytes),
    bytes: incoming.bytes,
    fileName,
    contentType: contentTypeOf(fileName),
    format: parsers.detect(path.basename(incoming.fileName), incoming.bytes)?.format ?? UNKNOWN_FORMAT,
    sourceUrl: incoming.sourceUrl ?? null,
    knownAt: incoming.knownAt ?? null,
    receivedAt,
    attributes: incoming.attributes ?? {},
  };
}

function receiptOf(stored: StoreResult, source: string): { received: ReceivedDocument; event: NewEvent } {
  const document = stored.document;
  const event = {
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
  const received = {
    documentId: document.documentId,
    fileName: document.fileName,
    format: document.format,
    outcome: stored.outcome,
    contextAdded: stored.outcome === 'known' && stored.contextAdded,
    contextKey: contextKeyOf(document),
  };
  return { received, event };
}

/**
 * Stores documents exactly as received and records their receipt, in one transaction,
 * before anything parses them: whatever happens next, the bytes are kept. Receiving the
 * same bytes again appends nothing.
 */
export async function receiveDocuments(
  db: SqlExecutor,
  parsers: ParserRegistry,
  incoming: readonly IncomingDocument[],
  now: () => Date = () => new Date(),
): Promise<ReceivedDocument[]> {
  const receivedAt = now().toISOString();
  return db.transaction(async (tx) => {
    const stored = await storeRawDocuments(tx, incoming.map((document) => rawDocumentOf(parsers, document, receivedAt)));
    const results = stored.map((result, i) => receiptOf(result, incoming[i]?.source ?? 'file'));
    await appendToStreams(
      tx,
      results.map(({ received, event }) => ({
        streamId: streams.document(received.documentId),
        events: prepareEvents(domainEventRegistry, [event]),
      })),
    );
    return results.map((result) => result.received);
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
