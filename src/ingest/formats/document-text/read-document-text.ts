import type { ParseInput } from '#ingest/shared/parser';
import { decodeText } from '#ingest/shared/parse-support';
import type { DocumentKind } from './document-kind.ts';
import { PDF_TEXT_ATTRIBUTE, PdfTextSchema } from './pdf-text.ts';

export const OCR_EXTRACTOR = 'ocr-text-file';

export type DocumentText =
  | { readonly ok: true; readonly text: string; readonly pageCount: number | null; readonly extractor: string }
  | { readonly ok: false; readonly reason: string };

const TEXT_CONTROLS = new Set([0x09, 0x0a, 0x0c, 0x0d]);

/** A character text does not hold: a control character other than tab and breaks (C0, DEL, C1), or U+FFFD. */
const isBinaryCharacter = (code: number) => (code < 0x20 && !TEXT_CONTROLS.has(code)) || (code >= 0x7f && code <= 0x9f) || code === 0xfffd;

/** The OCR tool's output as it is: UTF-8 text (else Windows-1252), byte-order mark dropped, OCR noise kept. */
function ocrText(bytes: Uint8Array): DocumentText {
  const text = decodeText(bytes);
  // A NUL or many control characters mean this is not the text file its name promises: binary
  // data read as Windows-1252 (what bytes that are not UTF-8 are read as) is full of them.
  let binary = 0;
  for (let i = 0; i < text.length; i++) if (isBinaryCharacter(text.charCodeAt(i))) binary += 1;
  if (text.includes('\u0000') || binary > text.length / 100) {
    return {
      ok: false,
      reason: 'not a text file: it holds binary data (NUL or control characters); expected the text an OCR tool wrote',
    };
  }
  return { ok: true, text, pageCount: null, extractor: OCR_EXTRACTOR };
}

/** The PDF's text, as extract() left it in the attributes. */
function pdfText(attributes: ParseInput['attributes']): DocumentText {
  const extracted = PdfTextSchema.safeParse(attributes[PDF_TEXT_ATTRIBUTE]);
  if (!extracted.success) {
    return {
      ok: false,
      reason: "the PDF's text was not extracted: parse() reads what extract(bytes) returned (the ingest pipeline runs both)",
    };
  }
  return extracted.data.ok ? { ...extracted.data } : { ok: false, reason: extracted.data.reason };
}

/** The document's text, or why there is none to use. Text is data here: nothing in it is acted on. */
export function readDocumentText(input: ParseInput, kind: DocumentKind): DocumentText {
  const read = kind === 'pdf' ? pdfText(input.attributes) : ocrText(input.bytes);
  if (!read.ok || read.text.trim() !== '') return read;
  return kind === 'pdf'
    ? { ok: false, reason: `the PDF has ${read.pageCount ?? 0} page(s) but no text layer (a scan?): OCR it and ingest the text` }
    : { ok: false, reason: 'the OCR text file is empty' };
}
