/** How a document's text is obtained: from the PDF itself, or from an OCR text file beside it. */
export type DocumentKind = 'pdf' | 'ocr-text';

const OCR_SUFFIX = /__raw_ocr_output\.txt$/i;

/**
 * A PDF by its magic number (`%PDF-` at the very start); an OCR text file only by the
 * `__raw_ocr_output.txt` ending its OCR tool gives it. Nothing else is claimed: a CSV, JSON
 * or XML of the corpus has neither.
 */
export function documentKindOf(fileName: string, head: string): DocumentKind | null {
  if (head.startsWith('%PDF-')) return 'pdf';
  return OCR_SUFFIX.test(fileName) ? 'ocr-text' : null;
}

/** The file name without its directory, `.pdf` or the OCR suffix. */
export function stemOf(fileName: string): string {
  const base = fileName.split(/[\\/]/).pop() ?? fileName;
  return base.replace(OCR_SUFFIX, '').replace(/\.pdf$/i, '');
}
