import { z } from 'zod';
import { IsoDateTimeSchema, Sha256HexSchema, UuidSchema } from '../common/primitives.ts';

/**
 * A source document was stored exactly as received, before any parsing. Its bytes live in
 * the raw-document store under `documentId` (the SHA-256 of the bytes).
 */
export const DocumentReceivedSchema = z
  .object({
    documentId: Sha256HexSchema,
    format: z.string().min(1).max(60).describe('Parser format key, e.g. nse-results-xbrl'),
    fileName: z.string().min(1).max(500),
    contentType: z.string().min(1).max(100),
    byteLength: z.number().int().nonnegative(),
    receivedAt: IsoDateTimeSchema.describe('When this service received the bytes'),
    companyId: UuidSchema.nullable(),
  })
  .strict()
  .describe('A source document was received and stored unchanged');
export type DocumentReceived = z.infer<typeof DocumentReceivedSchema>;

export const DocumentRejectedSchema = z
  .object({
    documentId: Sha256HexSchema,
    format: z.string().min(1).max(60),
    parserVersion: z.number().int().positive(),
    reason: z.string().min(1).max(2000).describe('Why the parser could not use the document'),
    problems: z
      .array(z.object({ where: z.string().max(200), message: z.string().max(1000) }).strict())
      .max(100)
      .describe('Individual problems the parser reported, at most 100'),
  })
  .strict()
  .describe('A stored document could not be parsed; it is kept and can be re-parsed later');
export type DocumentRejected = z.infer<typeof DocumentRejectedSchema>;
