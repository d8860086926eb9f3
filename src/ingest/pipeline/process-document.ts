import path from 'node:path';
import type { SqlExecutor } from '#platform/db';
import { setTimeout as sleep } from 'node:timers/promises';
import { appendToStreams, type StreamAppend } from '#platform/event-store';
import { holdAppends, holdsOn, type ParsedContext, releaseAppends } from './append-holds.ts';
import { APPEND_TEXT_PER_TRANSACTION, appendParts } from './append-parts.ts';
import type { CompanyDirectory } from './company-directory.ts';
import { contextKeyOf, type DocumentOutcome } from '#ingest/jobs';
import type { ParserRegistry } from '#ingest/formats/parser-registry';
import type { ParsePool } from './parse-pool.ts';
import { type PreparedOutcome, prepareDocument } from './prepare-document.ts';
import { loadRawDocuments, type RawDocument, setRawDocumentFormat } from './raw-documents.ts';
import { makeSpillFolder, removeSpillFolder, SPILL_EVENT_TEXT, type SpillTo, spilledParts } from './spilled-events.ts';

export interface ProcessDeps {
  readonly db: SqlExecutor;
  readonly parsers: ParserRegistry;
  readonly companies: CompanyDirectory;
  /** Parse threads; without them documents are parsed on this thread, one after another. */
  readonly pool?: ParsePool | undefined;
  /** Event text appended per transaction (APPEND_TEXT_PER_TRANSACTION unless given). */
  readonly appendText?: number | undefined;
  /** Event text a parse holds before it puts its events in a file (SPILL_EVENT_TEXT unless given). */
  readonly spillAbove?: number | undefined;
}

/**
 * Parses a batch's documents, in the pool's threads at once when there is a pool, and
 * stores the format found for a document stored as of no known format.
 */
async function prepareAll(
  deps: ProcessDeps,
  documents: readonly RawDocument[],
  detected: ReadonlyMap<string, string>,
  /** Where parses whose events pass the spill limit put them, a file each. */
  folder: string,
): Promise<PreparedOutcome[]> {
  const { pool } = deps;
  const spillOf = (i: number): SpillTo => ({ path: path.join(folder, `${i}.jsonl`), above: deps.spillAbove ?? SPILL_EVENT_TEXT });
  let prepared: PreparedOutcome[] = [];
  if (pool) {
    const holdings = await deps.companies.snapshot();
    prepared = await Promise.all(documents.map((d, i) => pool.prepare(d, detected.get(d.documentId), holdings, spillOf(i))));
  } else {
    const companies = await deps.companies.lookup();
    for (const [i, d] of documents.entries()) {
      prepared.push(await prepareDocument(deps.parsers, d, detected.get(d.documentId), companies, spillOf(i)));
    }
  }
  for (const [i, { detectedFormat }] of prepared.entries()) {
    const document = documents[i];
    if (document && detectedFormat !== undefined) await setRawDocumentFormat(deps.db, document.documentId, detectedFormat);
  }
  return prepared;
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
/** How long a parse waits before it looks again at another parse's hold on its document. */
const HELD_RETRY_MS = 200;

type Appended = 'appended' | 'context-changed' | 'held';

/**
 * Appends a batch's parse in one transaction: its events, then its documents' outcomes,
 * if every document still has the context it was parsed with and no other parse of one of
 * them is being appended in parts.
 */
async function appendWhole(
  db: SqlExecutor,
  documents: readonly RawDocument[],
  appends: readonly StreamAppend[],
  outcomes: readonly StreamAppend[],
): Promise<Appended> {
  return db.transaction(async (tx) => {
    if (!(await contextsUnchanged(tx, documents))) return 'context-changed';
    const holds = await holdsOn(tx, documents.map(parsedContext));
    if (holds.blocked) return 'held';
    await appendToStreams(tx, appends, outcomes);
    if (holds.any)
      await releaseAppends(
        tx,
        documents.map((d) => d.documentId),
      );
    return 'appended';
  });
}

/**
 * Appends a batch's parse in several transactions, one a part (./append-parts.ts), the
 * outcomes with the last. The first checks the contexts and holds the documents
 * (./append-holds.ts), so a parse of another context waits until this one has landed; the
 * parts after it land whatever happens to the contexts meanwhile, and the last releases the
 * holds: a parse whose context changed while it landed is then followed by the parse of the
 * new context, in that order, as a parse appended whole and a copy received after it would
 * be. Event ids are the parse's own, so a worker that dies between parts leaves its document
 * queued, and the retry, parsing the same context again, appends only the parts not stored.
 */
async function appendInParts(
  db: SqlExecutor,
  documents: readonly RawDocument[],
  parts: () => AsyncIterable<readonly StreamAppend[]>,
  outcomes: readonly StreamAppend[],
): Promise<Appended> {
  const held = documents.map(parsedContext);
  const ids = documents.map((d) => d.documentId);
  const iterator = parts()[Symbol.asyncIterator]();
  const firstPart = await iterator.next();
  const first = await db.transaction(async (tx) => {
    if (!(await contextsUnchanged(tx, documents))) return 'context-changed';
    if ((await holdsOn(tx, held)).blocked) return 'held';
    await holdAppends(tx, held);
    await appendToStreams(tx, firstPart.done ? [] : firstPart.value);
    return 'appended';
  });
  if (first !== 'appended') {
    await iterator.return?.();
    return first;
  }
  // One part read ahead, so that the last is known and lands with the outcomes.
  let part = firstPart.done ? firstPart : await iterator.next();
  for (let after = part.done ? part : await iterator.next(); !after.done; after = await iterator.next()) {
    const middle = part.value as readonly StreamAppend[];
    await db.transaction(async (tx) => {
      await holdAppends(tx, held);
      await appendToStreams(tx, middle);
    });
    part = after;
  }
  const last = part.done ? [] : part.value;
  return db.transaction(async (tx) => {
    const unchanged = await contextsUnchanged(tx, documents);
    await appendToStreams(tx, last, outcomes);
    await releaseAppends(tx, ids);
    return unchanged ? 'appended' : 'context-changed';
  });
}

const parsedContext = (document: RawDocument): ParsedContext => ({
  documentId: document.documentId,
  contextKey: contextKeyOf(document),
});

/**
 * Parses stored documents and appends what each yields, or its rejection. A batch's parse
 * of at most `appendText` of events (APPEND_TEXT_PER_TRANSACTION) is appended in one
 * transaction, so several small documents share one commit and nothing is half-applied; a
 * larger one in parts of that size, the outcomes last (appendInParts), so that no one
 * transaction holds the connection for long. Either way a document's outcome is the last of
 * its events, so a read model that waits for it sees the whole parse. A document whose
 * context changed while it was parsed (an earlier dissemination of it was received) is parsed
 * again with the new context: a parse of the context it lost must not land after the parse
 * of the context that replaced it. The outcomes are in the order of `documentIds`.
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
    // Parses whose events pass the spill limit leave them here; the folder goes whatever happens.
    const folder = await makeSpillFolder();
    let appended: Appended;
    let prepared: PreparedOutcome[];
    try {
      prepared = await prepareAll(deps, documents, detected, folder);
      appended = await appendPrepared(deps, documents, prepared);
    } finally {
      await removeSpillFolder(folder);
    }
    if (appended === 'appended') return prepared.map((p) => p.outcome);
    if (attempt >= ATTEMPTS) throw new Error(`the context of ${documentIds.join(', ')} kept changing while it was parsed`);
  }
}

/**
 * Appends a batch's parses: whole when their events are held and fit one part, else in parts,
 * the held events first, then each spilled parse's from its file.
 */
async function appendPrepared(
  deps: ProcessDeps,
  documents: readonly RawDocument[],
  prepared: readonly PreparedOutcome[],
): Promise<Appended> {
  const appends = prepared.flatMap(({ streams }) => streams.map(([streamId, events]) => ({ streamId, events })));
  const outcomes = prepared.map(({ outcomeStream: [streamId, events] }) => ({ streamId, events }));
  const spilled = prepared.flatMap((p) => ('spilled' in p ? [p.spilled] : []));
  // The outcomes after every other event (streams are appended in id order): a parse's
  // outcome is the last event of its commit, or of its last part's.
  const budget = deps.appendText ?? APPEND_TEXT_PER_TRANSACTION;
  const held = appendParts(appends, budget);
  const parts = async function* () {
    yield* held;
    for (const file of spilled) yield* spilledParts(file, budget);
  };
  for (;;) {
    const appended =
      held.length > 1 || spilled.length > 0
        ? await appendInParts(deps.db, documents, parts, outcomes)
        : await appendWhole(deps.db, documents, appends, outcomes);
    // Another context's parse is landing in parts: it goes first (bounded by its hold's lease).
    if (appended !== 'held') return appended;
    await sleep(HELD_RETRY_MS);
  }
}

export async function processDocument(deps: ProcessDeps, documentId: string): Promise<DocumentOutcome> {
  const [outcome] = await processDocuments(deps, [documentId]);
  if (!outcome) throw new Error(`no outcome for ${documentId}`);
  return outcome;
}
