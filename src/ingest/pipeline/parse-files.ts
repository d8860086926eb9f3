import { createHash } from 'node:crypto';
import path from 'node:path';
import type { ParserRegistry } from '#ingest/formats/parser-registry';
import { createCompanyLookup } from '#ingest/shared/parser';
import type { ParsePool } from './parse-pool.ts';
import { type PreparedOutcome, prepareDocument } from './prepare-document.ts';
import type { RawDocument } from './raw-documents.ts';
import { UNKNOWN_FORMAT } from './receive-document.ts';
import { createResultsListingContext } from './results-listing-context.ts';
import { createShareholdingListingContext } from './shareholding-listing-context.ts';
import type { InputFile } from '#ingest/sources';

export interface ParseFilesOptions {
  /** Every document's receipt time (parsers date undated files by it). */
  readonly receivedAt: string;
  /** Parse threads; without them, one document after another on this thread. */
  readonly pool?: ParsePool;
  /** Documents in the pool at once. */
  readonly window?: number;
  readonly onPrepared?: (document: RawDocument, prepared: PreparedOutcome) => void;
}

/**
 * Reads, detects and parses files into their events with no database: the parsing half of
 * ingestion alone, with the results and shareholding listings of the same files as the XBRL filings'
 * context and no company known beyond what the files state. What the benchmark compares
 * ingestion with, and what shows a parse thread yields what this thread does.
 */
export async function parseFiles(parsers: ParserRegistry, files: readonly InputFile[], options: ParseFilesOptions): Promise<void> {
  const planned: Array<InputFile & { readonly format: string }> = [];
  for (const file of files) {
    const parser = file.format === undefined ? parsers.detect(path.basename(file.fileName), await file.readHead()) : undefined;
    planned.push({ ...file, format: file.format ?? parser?.format ?? UNKNOWN_FORMAT });
  }
  const none = () => Promise.resolve([]);
  const finders = await Promise.all(
    [createResultsListingContext(none), createShareholdingListingContext(none)].map((p) => p.prepare(planned)),
  );
  const contextOf = (file: InputFile & { readonly format: string }) => finders.map((find) => find(file)).find(Boolean);
  const companies = createCompanyLookup([]);
  const holdings = { generation: 0, json: '[]' };
  const toDocument = async (file: InputFile & { readonly format: string }): Promise<RawDocument> => {
    const bytes = await file.read();
    const context = contextOf(file);
    return {
      documentId: createHash('sha256').update(bytes).digest('hex'),
      bytes,
      fileName: file.fileName,
      contentType: 'application/octet-stream',
      format: file.format,
      sourceUrl: context?.sourceUrl ?? null,
      knownAt: context?.knownAt ?? file.knownAt ?? null,
      receivedAt: options.receivedAt,
      attributes: context?.attributes ?? {},
    };
  };
  const { pool, window = 20 } = options;
  for (let i = 0; i < planned.length; i += pool ? window : 1) {
    const documents = await Promise.all(planned.slice(i, i + (pool ? window : 1)).map(toDocument));
    const prepared = pool
      ? await Promise.all(documents.map((d) => pool.prepare(d, d.format, holdings)))
      : [await prepareDocument(parsers, documents[0] as RawDocument, documents[0]?.format, companies)];
    prepared.forEach((p, n) => options.onPrepared?.(documents[n] as RawDocument, p));
  }
}
