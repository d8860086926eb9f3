import { createHash } from 'node:crypto';
import { streams } from '#schemas/events';
import type { IngestLimits } from '#platform/config';
import type { SqlExecutor } from '#platform/db';
import type { Problem } from '#ingest/shared/parser';
import { type ContextProvider, type FileContext, type IngestDeps, ingestInputs, type IngestSummary } from '#ingest/pipeline';
import { type InputFile, inputFromBytes, openArchive } from '#ingest/sources';
import type { FetchedDocument } from './datasets/dataset.ts';

/** What delivering a unit's documents did. */
export interface Delivery {
  /** Documents (zip entries counted one by one) whose bytes were new, and those held already. */
  readonly stored: number;
  readonly alreadyHeld: number;
  readonly summary: IngestSummary | undefined;
  readonly problems: readonly Problem[];
}

/** Where fetched documents go: this service's pipeline, or a relay's upload. */
export interface DocumentSink {
  deliver(documents: readonly FetchedDocument[], signal?: AbortSignal): Promise<Delivery>;
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const isZip = (bytes: Uint8Array) => bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;

interface Candidate {
  readonly file: InputFile;
  readonly documentId: string;
  readonly context: FileContext;
}

/**
 * A fetched document as the files `npm run ingest` would make of it: a zip's entries within
 * the same limits (a zip that breaks one is refused, recorded as rejected and not kept),
 * anything else as it is.
 */
function candidatesOf(document: FetchedDocument, limits: IngestLimits, problems: Problem[]): Candidate[] {
  const context: FileContext = { sourceUrl: document.sourceUrl, knownAt: document.knownAt, attributes: document.attributes };
  if (!isZip(document.bytes)) {
    return [{ file: inputFromBytes(document.fileName, document.sourceUrl, document.bytes), documentId: sha256(document.bytes), context }];
  }
  const archive = openArchive(document.bytes, limits, () => true);
  if (archive.kind === 'unreadable') {
    problems.push({ where: document.sourceUrl, message: `the zip archive cannot be read (${archive.message}); kept as it is` });
    return [{ file: inputFromBytes(document.fileName, document.sourceUrl, document.bytes), documentId: sha256(document.bytes), context }];
  }
  if (archive.kind === 'refused') {
    const documentId = sha256(document.bytes);
    const head = document.bytes.subarray(0, 4096);
    const refusal = { documentId, byteLength: document.bytes.length, rule: archive.rule, reason: archive.reason };
    const file: InputFile = {
      fileName: document.fileName,
      origin: document.sourceUrl,
      read: () => Promise.reject(new Error(archive.reason)),
      readHead: () => Promise.resolve(head),
      refusal,
    };
    return [{ file, documentId, context }];
  }
  return archive.members.map((member) => {
    const bytes = member.read();
    return {
      file: inputFromBytes(`${document.fileName}/${member.name}`, `${document.sourceUrl}:${member.name}`, bytes),
      documentId: sha256(bytes),
      context,
    };
  });
}

/**
 * Which of these documents the store holds already with their parse settled (an outcome
 * event in the document's stream). A document stored by a run that was killed before its
 * parse was queued or had ended is not settled: delivered again, the pipeline queues it.
 */
async function settledDocuments(db: SqlExecutor, ids: readonly string[]): Promise<ReadonlySet<string>> {
  if (ids.length === 0) return new Set();
  const { rows } = await db.query<{ document_id: string }>(
    `select r.document_id from raw_documents r
       join unnest($1::text[], $2::text[]) as d(document_id, stream_id) using (document_id)
      where exists (select 1 from es_events e
                     where e.stream_id = d.stream_id and e.event_type in ('DocumentParsed', 'DocumentRejected'))`,
    [ids, ids.map(streams.document)],
  );
  return new Set(rows.map((row) => row.document_id));
}

/**
 * Delivers fetched documents to this service's own pipeline, as `npm run ingest` does:
 * stored as received, then parsed, with each document's URL, stated time and fetch record
 * as its context. Bytes the store holds already, parsed, are not delivered again: a re-fetch
 * that returns the same bytes appends nothing, and one that returns other bytes is a new
 * document. Bytes held without a settled parse (a run killed between storing and parsing)
 * are delivered again, so that no fetched document is left unparsed.
 */
export function createLocalSink(
  deps: IngestDeps,
  limits: IngestLimits,
  options: { onProgress?: IngestOptionsProgress } = {},
): DocumentSink {
  return {
    async deliver(documents, signal) {
      const problems: Problem[] = [];
      const candidates = documents.flatMap((document) => candidatesOf(document, limits, problems));
      const held = await settledDocuments(deps.db, [...new Set(candidates.map((c) => c.documentId))]);
      const seen = new Set<string>();
      const fresh = candidates.filter((c) => {
        if (held.has(c.documentId) || seen.has(c.documentId)) return false;
        seen.add(c.documentId);
        return true;
      });
      if (fresh.length === 0) return { stored: 0, alreadyHeld: candidates.length, summary: undefined, problems };
      const contexts = new Map(fresh.map((c) => [c.file.fileName, c.context]));
      const fetched: ContextProvider = { prepare: () => Promise.resolve((file) => contexts.get(file.fileName)) };
      const summary = await ingestInputs(
        { ...deps, contextProviders: [fetched, ...(deps.contextProviders ?? [])] },
        fresh.map((c) => c.file),
        { source: 'sync', ...(signal ? { signal } : {}), ...(options.onProgress ? { onProgress: options.onProgress } : {}) },
      );
      return {
        stored: fresh.length,
        alreadyHeld: candidates.length - fresh.length,
        summary,
        problems: [...problems, ...summary.inputProblems],
      };
    },
  };
}

type IngestOptionsProgress = NonNullable<Parameters<typeof ingestInputs>[2]>['onProgress'];
