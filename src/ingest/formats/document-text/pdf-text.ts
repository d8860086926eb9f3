import { z } from 'zod';

/**
 * The text extract() read from a PDF, as it reaches parse() in `attributes.pdfText`: the
 * pages' text, or why the PDF could not be read. Attributes are untyped, so parse() checks
 * this shape again.
 */
export const PdfTextSchema = z.discriminatedUnion('ok', [
  z.object({
    ok: z.literal(true),
    text: z.string(),
    pageCount: z.number().int().nonnegative(),
    extractor: z.string().min(1).max(100),
  }),
  z.object({ ok: z.literal(false), reason: z.string().min(1) }),
]);
export type PdfText = z.infer<typeof PdfTextSchema>;

export const PDF_TEXT_ATTRIBUTE = 'pdfText';
