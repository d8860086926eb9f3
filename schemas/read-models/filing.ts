import { z } from 'zod';
import { IsoDateSchema, IsoDateTimeSchema, UuidSchema } from '#schemas/common';

export const DisseminationSchema = z
  .object({
    known_at: IsoDateTimeSchema.describe('When this copy was disseminated, as its source states'),
    source_url: z.string().nullable().describe('Where this copy was published'),
    file_name: z.string().describe('The name this copy was received under'),
  })
  .describe('One dissemination of a source document: the same bytes may be published more than once');
export type Dissemination = z.infer<typeof DisseminationSchema>;

export const FilingSchema = z
  .object({
    id: UuidSchema,
    company_id: UuidSchema.nullable(),
    document_type: z.string().nullable(),
    title: z.string().nullable(),
    fiscal_year: z.number().int().nullable(),
    period_end: IsoDateSchema.nullable(),
    is_revision: z.boolean(),
    source_url: z.string().nullable(),
    document_sha256: z.string().nullable(),
    known_at: IsoDateTimeSchema,
    recorded_at: IsoDateTimeSchema,
    disseminations: z
      .array(DisseminationSchema)
      .describe(
        'Every dissemination of the source document whose time was stated, earliest first (NSE re-disseminates some filings unchanged). ' +
          'known_at is the earliest; empty when no time was stated (known_at is then when this service received it). With as_of, only those known by then',
      ),
  })
  .describe('A source filing behind facts, ownership, actions or disclosures');
export type Filing = z.infer<typeof FilingSchema>;

export const SourceDocumentSchema = z
  .object({
    id: z.string().describe('SHA-256 of the bytes'),
    format: z.string(),
    file_name: z.string(),
    content_type: z.string(),
    byte_length: z.number().int(),
    source_url: z.string().nullable(),
    company_id: UuidSchema.nullable(),
    status: z.enum(['received', 'parsed', 'rejected']),
    reject_reason: z.string().nullable(),
    known_at: IsoDateTimeSchema,
    received_at: IsoDateTimeSchema,
  })
  .describe('A stored source document and what became of it');
export type SourceDocument = z.infer<typeof SourceDocumentSchema>;
