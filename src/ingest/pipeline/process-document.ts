import type { SqlExecutor } from '../../platform/db/db.ts';
import { appendToStreams } from '../../platform/event-store/append-to-streams.ts';
import type { CompanyDirectory } from './company-directory.ts';
import { contextKeyOf } from './document-context.ts';
import type { DocumentOutcome } from './document-outcome.ts';
import type { ParserRegistry } from '../formats/parser-registry.ts';
import type { ParsePool } from './parse-pool.ts';
import { type PreparedOutcome, prepareDocument } from './prepare-document.ts';
import { loadRawDocuments, type RawDocument, setRawDocumentFormat } from './raw-documents.ts';

export interface ProcessDeps {
  readonly db: SqlExecutor;
  readonly parsers: ParserRegistry;
  readonly companies: CompanyDirectory;
  /** Parse threads; without them documents are parsed on this thread, one after another. */
  readonly pool?: ParsePool | undefined;
}

/**
 * Parses a batch's documents, in the pool's threads at once when there is a pool, and
 * stores the format found for a document stored as of no known format.
 */
async function prepareAll(
  deps: ProcessDeps,
  documents: readonly RawDocument[],
  detected: ReadonlyMap<string, string>,
): Promise<PreparedOutcome[]> {
  const { pool } = deps;
  let prepared: PreparedOutcome[] = [];
  if (pool) {
    const holdings = await deps.companies.snapshot();
    prepared = await Promise.all(documents.map((d) => pool.prepare(d, detected.get(d.documentId), holdings)));
  } else {
    const companies = await deps.companies.lookup();
    for (const d of documents) prepared.push(await prepareDocument(deps.parsers, d, detected.get(d.documentId), companies));
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
    const prepared = await prepareAll(deps, documents, detected);
    const appends = prepared.flatMap(({ streams }) => streams.map(([streamId, events]) => ({ streamId, events })));
    const outcomes = prepared.map(({ outcomeStream: [streamId, events] }) => ({ streamId, events }));
    // The outcomes after every other event (streams are appended in id order): a parse's
    // outcome is the last event of its commit, so a read model that waits for it sees the
    // whole parse at once.
    const appended = await deps.db.transaction(async (tx) => {
      if (!(await contextsUnchanged(tx, documents))) return false;
      await appendToStreams(tx, appends, outcomes);
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
