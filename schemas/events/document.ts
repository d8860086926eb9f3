import { z } from 'zod';
import { IsoDateTimeSchema, Sha256HexSchema, UuidSchema } from '#schemas/common';
import { eventPayload, ParserVersionSchema } from './event-payload.ts';

/**
 * A source document was stored exactly as received, before any parsing. Its bytes live in
 * the raw-document store under `documentId` (the SHA-256 of the bytes), unless it was
 * refused at receipt for breaking a size limit: then a DocumentRejected follows at once and
 * its bytes are not kept.
 */
export const DocumentReceivedSchema = eventPayload(
  {
    documentId: Sha256HexSchema,
    format: z.string().min(1).max(60).describe('Parser format key, e.g. nse-results-xbrl'),
    fileName: z.string().min(1).max(500),
    contentType: z.string().min(1).max(100),
    byteLength: z.number().int().nonnegative(),
    receivedAt: IsoDateTimeSchema.describe('When this service received the bytes'),
    companyId: UuidSchema.nullable(),
  },
  'A source document was received and stored unchanged (or refused over a size limit, its bytes not kept, and rejected at once)',
);
export type DocumentReceived = z.infer<typeof DocumentReceivedSchema>;

/**
 * One copy of a stored document as it was delivered: its name, the URL it was published at
 * and the dissemination time its source or connector stated. The same bytes delivered again
 * under another name, URL or time are another copy of the same document (e.g. NSE
 * re-disseminating a filing unchanged); the earliest stated time is when it became knowable.
 */
export const DocumentDisseminatedSchema = eventPayload(
  {
    documentId: Sha256HexSchema,
    fileName: z.string().min(1).max(500).describe('The name this copy was delivered under'),
    sourceUrl: z.string().nullable().describe('Where this copy was published, if stated'),
    knownAt: IsoDateTimeSchema.nullable().describe(
      'When this copy was disseminated, as its source or the connector stated; null when nothing stated it',
    ),
    receivedAt: IsoDateTimeSchema.describe('When this service received this copy'),
    attributes: z.record(z.string(), z.unknown()).describe('Context the connector attached to this copy, e.g. its NSE listing entry'),
  },
  'A copy of a stored document was delivered, with its own name, URL and dissemination time',
);
export type DocumentDisseminated = z.infer<typeof DocumentDisseminatedSchema>;

const ProblemSchema = z
  .object({
    where: z.string().max(200).describe('File, line, row or element the problem is at'),
    message: z.string().max(1000).describe('What was found and what was expected'),
  })
  .strict();

/** A stored document was parsed; rows that could not be used are listed as problems. */
export const DocumentParsedSchema = eventPayload(
  {
    documentId: Sha256HexSchema,
    format: z.string().min(1).max(60),
    parserVersion: ParserVersionSchema,
    rows: z.number().int().nonnegative().describe('Rows, facts or records read from the document'),
    events: z.number().int().nonnegative().describe('Domain events the document produced'),
    problems: z.array(ProblemSchema).max(100).describe('Rows or elements that were skipped, at most 100'),
    problemCount: z.number().int().nonnegative().describe('All problems, including any beyond the 100 listed'),
  },
  'A stored document was parsed into domain events',
);
export type DocumentParsed = z.infer<typeof DocumentParsedSchema>;

export const DocumentRejectedSchema = eventPayload(
  {
    documentId: Sha256HexSchema,
    format: z.string().min(1).max(60),
    parserVersion: ParserVersionSchema,
    reason: z.string().min(1).max(2000).describe('Why the parser could not use the document'),
    problems: z.array(ProblemSchema).max(100).describe('Individual problems the parser reported, at most 100'),
  },
  'A stored document could not be parsed (it is kept and can be re-parsed later), or a document was refused at receipt over a size limit',
);
export type DocumentRejected = z.infer<typeof DocumentRejectedSchema>;
