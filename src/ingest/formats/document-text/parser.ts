import { createEventEmitter, type Parser } from '#ingest/shared/parser';
import { emitChecked } from '#ingest/shared/parse-support';
import { documentKindOf, stemOf } from './document-kind.ts';
import { documentTextData, TEXT_MAX } from './document-text-data.ts';
import { extractPdfText } from './extract-pdf-text.ts';
import { parseNseAttachmentName } from './nse-attachment-name.ts';
import { PDF_TEXT_ATTRIBUTE } from './pdf-text.ts';
import { readDocumentText } from './read-document-text.ts';

const FORMAT = 'document-text';
// 2: knownAt is no longer the upload time in the file name (ADR 7); the name's time stays publishedAt.
const VERSION = 2;

const headText = (bytes: Uint8Array) => new TextDecoder('utf-8', { fatal: false }).decode(bytes.subarray(0, 8));
const isPdf = (bytes: Uint8Array) => headText(bytes).startsWith('%PDF-');

/**
 * The text of narrative documents (transcripts, rating letters, press releases, results
 * PDFs): PDFs, whose text extract() reads with pdfjs-dist, and the OCR text files made from
 * them. One DocumentTextExtracted per document; company, date, upload time and document type
 * come from NSE's file name. The text is evidence to store and quote, never instructions: it
 * is not interpreted here. knownAt is the one stated for the document (a connector's, the
 * operator's), else the time it was received: the upload time in the name is whatever the
 * sender wrote, so it is `publishedAt` (a label) and becomes knownAt only through
 * `nameKnownAt` when the operator trusts the names.
 */
export const documentTextParser: Parser = {
  format: FORMAT,
  version: VERSION,
  description: 'Narrative documents (PDF, or OCR text of one): their text, for search and reading',
  priority: 5,
  detect: (fileName, head) => documentKindOf(fileName, head) !== null,
  nameKnownAt: (fileName) => parseNseAttachmentName(stemOf(fileName))?.uploadedAt ?? null,
  async extract(bytes) {
    // Only PDFs have anything to extract; an OCR text file is read in parse().
    return isPdf(bytes) ? { [PDF_TEXT_ATTRIBUTE]: await extractPdfText(bytes) } : {};
  },
  isText: (bytes) => !isPdf(bytes),
  parse(input) {
    const kind = documentKindOf(input.fileName, headText(input.bytes));
    if (!kind) {
      return {
        ok: false,
        reason: 'neither a PDF (no %PDF- at its start) nor an OCR text file (named *__raw_ocr_output.txt)',
        problems: [],
      };
    }
    const read = readDocumentText(input, kind);
    if (!read.ok) return { ok: false, reason: read.reason, problems: [] };
    const problems =
      read.text.length > TEXT_MAX
        ? [{ where: 'text', message: `${read.text.length} characters: only the first ${TEXT_MAX} are kept` }]
        : [];
    const emitter = createEventEmitter(input, { format: FORMAT, parserVersion: VERSION, source: 'nse' });
    const data = documentTextData(input, kind, read, emitter, VERSION);
    const emitted = emitChecked(emitter, 'DocumentTextExtracted', data, 'document');
    if (!emitted.ok) return { ok: false, reason: emitted.message, problems };
    return { ok: true, events: [emitted.event], rows: 1, problems };
  },
};
