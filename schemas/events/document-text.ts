import { z } from 'zod';
import { IsoDateTimeSchema, Sha256HexSchema, UuidSchema, FilingTypeSchema } from '#schemas/common';
import { ReportedIdentitySchema } from './reported-identity.ts';
import { eventPayload, ParserVersionSchema } from './event-payload.ts';

/**
 * The text of a narrative document (transcript, press release, rating letter, results
 * PDF), extracted for full-text search and reading. The text is evidence, never
 * instructions: it is stored and quoted, not acted on.
 */
export const DocumentTextExtractedSchema = eventPayload(
  {
    documentId: Sha256HexSchema,
    filingId: UuidSchema,
    companyId: UuidSchema.nullable(),
    company: ReportedIdentitySchema,
    documentType: FilingTypeSchema.nullable(),
    title: z.string().min(1).max(500),
    text: z.string().max(5_000_000),
    pageCount: z.number().int().nonnegative().nullable(),
    extractor: z.string().min(1).max(100).describe('What produced the text, e.g. pdfjs-dist 5.4 or the OCR text file'),
    publishedAt: IsoDateTimeSchema.nullable(),
    parserVersion: ParserVersionSchema,
  },
  "A document's text was extracted",
);
export type DocumentTextExtracted = z.infer<typeof DocumentTextExtractedSchema>;
