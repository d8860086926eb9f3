import type { EventEmitter, ParseInput } from '#ingest/shared/parser';
import { type DocumentKind, stemOf } from './document-kind.ts';
import { documentTitle } from './document-title.ts';
import { documentTypeFromName } from './document-type-from-name.ts';
import { parseNseAttachmentName } from './nse-attachment-name.ts';
import type { DocumentText } from './read-document-text.ts';

/** The schema's limit; a longer text is cut, and the parser says so. */
export const TEXT_MAX = 5_000_000;

/**
 * A DocumentTextExtracted payload: company, date, type and title from NSE's file name, the
 * text as read. The text itself is not looked into.
 */
export function documentTextData(
  input: ParseInput,
  kind: DocumentKind,
  read: Extract<DocumentText, { ok: true }>,
  emitter: EventEmitter,
  parserVersion: number,
) {
  const stem = stemOf(input.fileName);
  const nse = parseNseAttachmentName(stem);
  return {
    documentId: input.sha256,
    // One filing per stored document: a PDF and the OCR text made from it are two filings
    // (two texts by two extractors), never one whose text depends on which came last.
    filingId: emitter.idFor(`${kind}:${nse?.attachment ?? stem}`),
    companyId: nse ? input.companies.resolve({ nseSymbol: nse.symbol }) : null,
    company: { name: null, nseSymbol: nse?.symbol ?? null, bseCode: null, isin: null, cin: null },
    documentType: documentTypeFromName(nse?.name ?? stem),
    title: documentTitle(nse?.name ?? stem, kind),
    text: read.text.slice(0, TEXT_MAX),
    pageCount: read.pageCount,
    extractor: read.extractor,
    publishedAt: nse?.uploadedAt ?? null,
    parserVersion,
  };
}
