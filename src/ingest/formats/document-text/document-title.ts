import type { DocumentKind } from './document-kind.ts';

const TITLE_MAX = 500;

/**
 * A title from the company's file name: underscores as spaces ("Intimation_of_Credit_Rating"
 * → "Intimation of Credit Rating"), the rest as written. An OCR text is marked as such, so
 * that it and the PDF it was made from are told apart in a list of filings.
 */
export function documentTitle(name: string, kind: DocumentKind): string {
  const words = name.replace(/_+/g, ' ').replace(/\s+/g, ' ').trim() || 'Untitled document';
  const title = kind === 'ocr-text' ? `${words} (OCR text)` : words;
  return title.length > TITLE_MAX ? `${title.slice(0, TITLE_MAX - 1)}…` : title;
}
