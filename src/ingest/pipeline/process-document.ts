import path from 'node:path';
import type { DomainEvent } from '../../../schemas/events/catalogue.ts';
import { streamFor } from '../../../schemas/events/streams.ts';
import type { SqlExecutor } from '../../platform/db/db.ts';
import { EventValidationError } from '../../platform/errors/index.ts';
import { prepareEvents } from '../../platform/event-store/append-to-stream.ts';
import { appendToStreams } from '../../platform/event-store/append-to-streams.ts';
import { domainEventRegistry } from '../../platform/event-store/domain-event-store.ts';
import type { NewEvent } from '../../platform/event-store/event-store.ts';
import type { CompanyDirectory } from './company-directory.ts';
import { contextKeyOf } from './document-context.ts';
import { type DocumentOutcome, outcomeEventId, outcomeReport } from './document-outcome.ts';
import type { ParseOutcome, Parser, Problem } from '../shared/parser.ts';
import type { ParserRegistry } from '../formats/parser-registry.ts';
import { loadRawDocuments, type RawDocument, setRawDocumentFormat } from './raw-documents.ts';
import { UNKNOWN_FORMAT } from './receive-document.ts';
import { encodingNote } from '../shared/text-encoding.ts';

export interface ProcessDeps {
  readonly db: SqlExecutor;
  readonly parsers: ParserRegistry;
  readonly companies: CompanyDirectory;
}

const MAX_PROBLEMS = 100;

/**
 * Picks the parser: the format found at receipt, else detection, for a document stored as
 * unknown before (a parser may be new since). A document this run found no parser for when
 * it received it (`detected`) is not detected again.
 */
async function parserFor(deps: ProcessDeps, document: RawDocument, detected: string | undefined): Promise<Parser | undefined> {
  const known = deps.parsers.byFormat(document.format);
  if (known || detected === document.format) return known;
  const found = deps.parsers.detect(path.basename(document.fileName), document.bytes);
  if (found) await setRawDocumentFormat(deps.db, document.documentId, found.format);
  return found;
}

async function parse(deps: ProcessDeps, parser: Parser, document: RawDocument): Promise<ParseOutcome> {
  const companies = await deps.companies.lookup();
  try {
    const extracted = await parser.extract?.(document.bytes);
    return parser.parse({
      bytes: document.bytes,
      fileName: path.basename(document.fileName),
      sha256: document.documentId,
      sourceUrl: document.sourceUrl,
      knownAt: document.knownAt,
      receivedAt: document.receivedAt,
      attributes: { ...document.attributes, ...extracted },
      contextKey: contextKeyOf(document),
      companies,
    });
  } catch (error) {
    // Parsers return problems instead of throwing; if one throws anyway, the document is
    // rejected with the error, not lost and not half-applied.
    const message = error instanceof Error ? error.message : String(error);
    return { ok: false, reason: `the ${parser.format} parser failed: ${message}`, problems: [] };
  }
}

/** The outcome with the note on how its text was decoded first among its problems. */
const withNote = (outcome: ParseOutcome, note: Problem | undefined): ParseOutcome =>
  note ? { ...outcome, problems: [note, ...outcome.problems] } : outcome;

function rejection(document: RawDocument, format: string, version: number, reason: string, problems: readonly Problem[]) {
  return {
    documentId: document.documentId,
    fileName: document.fileName,
    format,
    parserVersion: version,
    status: 'rejected' as const,
    rows: 0,
    events: 0,
    problemCount: problems.length,
    problems: problems.slice(0, MAX_PROBLEMS),
    reason,
  };
}

const outcomeIdOf = (document: RawDocument, outcome: DocumentOutcome) =>
  outcomeEventId(document.documentId, outcome.format, outcome.parserVersion, contextKeyOf(document));

function outcomeEvent(document: RawDocument, outcome: DocumentOutcome): NewEvent<DomainEvent> {
  const id = outcomeIdOf(document, outcome);
  const metadata = {
    knownAt: document.knownAt ?? document.receivedAt,
    source: 'ingest',
    sourceUrl: document.sourceUrl,
    sourceFile: document.fileName,
    sourceSha256: document.documentId,
    correlationId: id,
  };
  return { id, ...outcomeReport(outcome), metadata };
}

/** A document's outcome with its events validated and grouped by stream, ready to append. */
interface PreparedOutcome {
  readonly outcome: DocumentOutcome;
  readonly streams: ReadonlyArray<readonly [string, ReturnType<typeof prepareEvents>]>;
  /** The outcome event, appended after every other event of the parse. */
  readonly outcomeStream: readonly [string, ReturnType<typeof prepareEvents>];
}

/** Validates a document's events and its outcome event; an invalid event throws EventValidationError. */
function prepareOutcome(document: RawDocument, events: readonly NewEvent<DomainEvent>[], outcome: DocumentOutcome): PreparedOutcome {
  // Every event of one parse carries the parse's id (its outcome event's), so read models
  // can tell a document's latest parse from the statements of an earlier one.
  const correlationId = outcomeIdOf(document, outcome);
  const correlated = events.map((event) => ({ ...event, metadata: { ...event.metadata, correlationId } }));
  const byStream = new Map<string, NewEvent<DomainEvent>[]>();
  for (const event of correlated) {
    const stream = streamFor(event);
    const list = byStream.get(stream);
    if (list) list.push(event);
    else byStream.set(stream, [event]);
  }
  const closing = outcomeEvent(document, outcome);
  return {
    outcome,
    streams: [...byStream].map(([stream, list]) => [stream, prepareEvents(domainEventRegistry, list)] as const),
    outcomeStream: [streamFor(closing), prepareEvents(domainEventRegistry, [closing])],
  };
}

/** Parses one stored document into its outcome, ready to append; nothing is written yet. */
async function prepareDocument(deps: ProcessDeps, document: RawDocument, detected: string | undefined): Promise<PreparedOutcome> {
  const parser = await parserFor(deps, document, detected);
  if (!parser) {
    // No file name in the reason: one document may have come under several names (copies).
    const known = deps.parsers.parsers.map((p) => p.format).join(', ');
    const reason = `not in a known format (${known})`;
    return prepareOutcome(document, [], rejection(document, UNKNOWN_FORMAT, 1, reason, []));
  }
  const note = (parser.isText?.(document.bytes) ?? true) ? encodingNote(document.bytes) : undefined;
  const parsed = withNote(await parse(deps, parser, document), note);
  if (!parsed.ok) {
    return prepareOutcome(document, [], rejection(document, parser.format, parser.version, parsed.reason, parsed.problems));
  }
  const outcome: DocumentOutcome = {
    documentId: document.documentId,
    fileName: document.fileName,
    format: parser.format,
    parserVersion: parser.version,
    status: 'parsed',
    rows: parsed.rows,
    events: parsed.events.length,
    problemCount: parsed.problems.length,
    problems: parsed.problems.slice(0, MAX_PROBLEMS),
    reason: null,
  };
  try {
    return prepareOutcome(document, parsed.events, outcome);
  } catch (error) {
    if (!(error instanceof EventValidationError)) throw error;
    const reason = `the parser produced an invalid event: ${error.message}`;
    return prepareOutcome(document, [], rejection(document, parser.format, parser.version, reason, []));
  }
}

/** Whether each document still has the context (and name) it was parsed with. */
async function contextsUnchanged(tx: SqlExecutor, documents: readonly RawDocument[]): Promise<boolean> {
  const { rows } = await tx.query<{
    document_id: string;
    file_name: string;
    known_at: Date | null;
    source_url: string | null;
    attributes: Record<string, unknown>;
  }>('select document_id, file_name, known_at, source_url, attributes from raw_documents where document_id = any($1::text[])', [
    documents.map((d) => d.documentId),
  ]);
  const now = new Map(rows.map((row) => [row.document_id, row]));
  return documents.every((document) => {
    const row = now.get(document.documentId);
    const context = row && { knownAt: row.known_at?.toISOString() ?? null, sourceUrl: row.source_url, attributes: row.attributes };
    return !!context && row.file_name === document.fileName && contextKeyOf(context) === contextKeyOf(document);
  });
}

const ATTEMPTS = 3;

/**
 * Parses stored documents and appends what each yields, or its rejection, in one
 * transaction for the batch: a document's events and its outcome are never split, so
 * nothing is half-applied, and several small documents share one commit. A document whose
 * context changed while it was parsed (an earlier dissemination of it was received) is
 * parsed again with the new context before anything is appended: a parse of the context it
 * lost must not land after the parse of the context that replaced it. The outcomes are in
 * the order of `documentIds`.
 */
export async function processDocuments(
  deps: ProcessDeps,
  documentIds: readonly string[],
  /** The format found for a document when this run received it, by document id (see parserFor). */
  detected: ReadonlyMap<string, string> = new Map(),
): Promise<DocumentOutcome[]> {
  for (let attempt = 1; ; attempt++) {
    const documents = await loadRawDocuments(deps.db, documentIds);
    const missing = documentIds.filter((id) => !documents.some((d) => d.documentId === id));
    if (missing.length > 0) throw new Error(`no stored document ${missing.join(', ')}`);
    const prepared: PreparedOutcome[] = [];
    for (const document of documents) prepared.push(await prepareDocument(deps, document, detected.get(document.documentId)));
    const appends = prepared.flatMap(({ streams }) => streams.map(([streamId, events]) => ({ streamId, events })));
    const outcomes = prepared.map(({ outcomeStream: [streamId, events] }) => ({ streamId, events }));
    // The outcomes after every other event (streams are appended in id order): a parse's
    // outcome is the last event of its commit, so a read model that waits for it sees the
    // whole parse at once.
    const appended = await deps.db.transaction(async (tx) => {
      if (!(await contextsUnchanged(tx, documents))) return false;
      await appendToStreams(tx, appends);
      await appendToStreams(tx, outcomes);
      return true;
    });
    if (appended) return prepared.map((p) => p.outcome);
    if (attempt >= ATTEMPTS) throw new Error(`the context of ${documentIds.join(', ')} kept changing while it was parsed`);
  }
}

export async function processDocument(deps: ProcessDeps, documentId: string): Promise<DocumentOutcome> {
  const [outcome] = await processDocuments(deps, [documentId]);
  if (!outcome) throw new Error(`no outcome for ${documentId}`);
  return outcome;
}
