import { z } from 'zod';
import { Sha256HexSchema } from '#schemas/common';
import { envelope } from './envelope.ts';

/**
 * A stated dissemination time: an RFC 3339 instant that names its offset (`Z` or ±hh:mm).
 * Unlike the read routes' datetime parameters, a time without an offset is refused, not
 * read as UTC: a relay in India and one in UTC would otherwise date the same file 5.5 hours
 * apart.
 */
const KnownAtParam = z
  .string()
  .max(40)
  .regex(
    /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/,
    'must be a time with its offset, e.g. 2024-05-12T18:30:00+05:30 or 2024-05-12T13:00:00Z',
  )
  .refine((text) => !Number.isNaN(Date.parse(text)) && !text.startsWith('0000'), 'must be a time that exists')
  .describe(
    'When the exchange disseminated the document, as the relay states it: an ISO 8601 time with its offset (a time without one is a 422). Context the service finds itself (an NSE results listing) comes first',
  );

/**
 * A published file name: no folder, nothing hidden behind a separator, at most 255 characters
 * (the store keeps 500). The name decides nothing on its own but the format detection's hint
 * and, for a `.zip`, that the archive is opened.
 */
const FileNameParam = z
  .string()
  .min(1)
  .max(255)
  .regex(/^[^/\\]+$/, 'must be a file name without a folder')
  .refine((name) => name !== '.' && name !== '..', 'must be a file name')
  .describe('The name the file was published under, e.g. cm06JAN2021bhav.csv.zip; a .zip is opened and each member ingested');

export const DocumentUploadQuerySchema = z.object({
  file_name: FileNameParam,
  source_url: z
    .url({ protocol: /^https?$/ })
    .max(2000)
    .optional()
    .describe('The URL the relay fetched the document from (http or https)'),
  known_at: KnownAtParam.optional(),
});
export type DocumentUploadQuery = z.infer<typeof DocumentUploadQuerySchema>;

/** The header that carries the relay's fetch provenance, as a JSON object. */
export const DOCUMENT_ATTRIBUTES_HEADER = 'x-document-attributes';
/** Its largest text: well inside Node's 16 KiB for all headers together. */
export const DOCUMENT_ATTRIBUTES_MAX_CHARS = 8192;

/**
 * How a relay fetched a document, kept with the copy as provenance (`attributes.relay` of
 * its dissemination) and never part of its context: the same copy fetched again, at another
 * time or with another ETag, is the same copy. Other keys are kept as sent.
 */
export const RelayAttributesSchema = z
  .looseObject({
    url: z.string().max(2000).optional().describe('The URL requested (it may differ from source_url after a redirect)'),
    query: z
      .union([z.string().max(2000), z.record(z.string(), z.unknown())])
      .optional()
      .describe('The query the relay sent, as text or as its parameters'),
    fetched_at: z.iso.datetime({ offset: true }).optional().describe('When the relay fetched it'),
    http_status: z.number().int().min(100).max(599).optional().describe('The HTTP status the exchange answered'),
    etag: z.string().max(500).optional(),
    last_modified: z.string().max(100).optional().describe("The exchange's Last-Modified header, as sent"),
    sha256: Sha256HexSchema.optional().describe('SHA-256 of the bytes as fetched: the upload is refused (422) when the body differs'),
    listing: z.record(z.string(), z.unknown()).optional().describe('The listing row that named the document, as the exchange served it'),
  })
  .describe('Fetch provenance of an uploaded document');
export type RelayAttributes = z.infer<typeof RelayAttributesSchema>;

export const DocumentUploadHeadersSchema = z.looseObject({
  [DOCUMENT_ATTRIBUTES_HEADER]: z
    .string()
    .max(DOCUMENT_ATTRIBUTES_MAX_CHARS)
    .optional()
    .describe(
      `Optional: the fetch provenance, a JSON object (url, query, fetched_at, http_status, etag, last_modified, sha256, listing), at most ${DOCUMENT_ATTRIBUTES_MAX_CHARS} characters`,
    ),
});

export const ReceiptSchema = z
  .enum(['stored', 'known', 'refused'])
  .describe(
    'stored: new bytes, kept; known: the same bytes were held already; refused: over an ingestion limit, recorded as rejected, its bytes not kept',
  );
export type Receipt = z.infer<typeof ReceiptSchema>;

export const ParseStatusSchema = z
  .enum(['parsed', 'rejected', 'pending'])
  .describe(
    'parsed: its events are appended; rejected: unusable as a whole (see reason); pending: queued or parsing when this answer was sent',
  );

export const UploadedDocumentSchema = z
  .object({
    document_id: Sha256HexSchema.describe("The document's id: the SHA-256 of its bytes"),
    file_name: z.string().describe('The name it was received under (archive.zip/member for a zip member)'),
    format: z.string().describe('The format detected from its first bytes, or unknown'),
    outcome: ReceiptSchema,
    parse: z
      .object({
        status: ParseStatusSchema,
        reason: z.string().nullable().describe('Why it was rejected; null otherwise'),
      })
      .describe("Its parse under this copy's context; a pending one shows in GET /v1/filings (document_sha256) once parsed"),
  })
  .describe('One document of an upload');
export type UploadedDocument = z.infer<typeof UploadedDocumentSchema>;

export const DocumentUploadResponseSchema = envelope(z.array(UploadedDocumentSchema), {
  count: z.number().int().describe('Documents in the upload: 1, or the members of a zip archive'),
  sha256: Sha256HexSchema.describe('SHA-256 of the body as received'),
  byte_length: z.number().int(),
  problems: z.array(z.string()).describe('What was skipped, e.g. an empty zip member, or a zip that cannot be read (kept as it is)'),
}).meta({ id: 'DocumentUploadResponse' });
export type DocumentUploadResponse = z.infer<typeof DocumentUploadResponseSchema>;
