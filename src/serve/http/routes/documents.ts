import { createHash } from 'node:crypto';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import {
  DOCUMENT_ATTRIBUTES_HEADER,
  DocumentUploadHeadersSchema,
  DocumentUploadQuerySchema,
  DocumentUploadResponseSchema,
  type RelayAttributes,
  RelayAttributesSchema,
  ErrorDetailSchema,
} from '#schemas/api';
import { DEFAULT_INGEST_LIMITS } from '#platform/config';
import { IngestUnavailableError, RequestValidationError } from '#platform/errors';
import { requireScope } from '#serve/access';
import { type DocumentIntake, RAW_BODY_TYPE } from '../document-intake.ts';
import { envelope } from '../envelope.ts';
import { errorResponses } from '../error-responses.ts';
import { boundedDetail } from '../validation/bounded-detail.ts';
import { toFastApiDetail } from '../validation/fastapi-detail.ts';
import { tooDeepAt } from '../validation/json-depth.ts';

const DESCRIPTION =
  'Extension (docs/relay.md): a relay that can reach the exchanges uploads a document as it fetched it, the raw bytes as the body (Content-Type: application/octet-stream), its name, URL and stated dissemination time in the query, and its fetch provenance in the X-Document-Attributes header. The document enters the same pipeline as npm run ingest, under the same limits: a body over the document limit (INGEST_MAX_DOCUMENT_BYTES) is a 413 and nothing is kept; a zip archive is opened and checked as the command checks it. The answer comes once the documents are stored and their parse queued, with the parse outcome when it settles within a few seconds (else pending: upload the same bytes again later, which appends nothing and answers the outcome). The same bytes under the same name, URL and time again append nothing. Needs a key with the ingest scope.';

const headerIssue = (type: string, msg: string, input: unknown, ctx: Record<string, unknown> = {}) =>
  new RequestValidationError([{ type, loc: ['header', DOCUMENT_ATTRIBUTES_HEADER], msg, input, ctx }]);

/** The X-Document-Attributes header read: a JSON object within the nesting limit, of the provenance's shape. */
function parseAttributes(text: string | undefined, maxDepth: number): RelayAttributes | undefined {
  if (text === undefined) return undefined;
  const deep = tooDeepAt(text, maxDepth);
  if (deep !== undefined) throw headerIssue('json_invalid', 'JSON decode error', {}, { error: `nested deeper than ${maxDepth} levels` });
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw headerIssue('json_invalid', 'JSON decode error', {}, { error: (error as Error).message });
  }
  const parsed = RelayAttributesSchema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issues = parsed.error.issues.map((issue) => ({ ...issue, path: [DOCUMENT_ATTRIBUTES_HEADER, ...issue.path] }));
  throw new RequestValidationError(boundedDetail(toFastApiDetail('header', issues, { [DOCUMENT_ATTRIBUTES_HEADER]: value })));
}

/** A body that is the one stated: its SHA-256 against the provenance's `sha256`. */
function checkDigest(sha256: string, attributes: RelayAttributes | undefined): void {
  if (attributes?.sha256 === undefined || attributes.sha256 === sha256) return;
  const msg = `Value error, the body's SHA-256 is ${sha256}, not the ${attributes.sha256} stated: the bytes changed on the way`;
  throw new RequestValidationError([
    { type: 'value_error', loc: ['header', DOCUMENT_ATTRIBUTES_HEADER, 'sha256'], msg, input: attributes.sha256, ctx: { error: msg } },
  ]);
}

const EMPTY_BODY = new RequestValidationError([
  { type: 'missing', loc: ['body'], msg: 'Field required: the document, as raw bytes (an empty file has nothing to ingest)', input: null },
]);

/**
 * `POST /v1/documents`: a relay's upload into ingestion (docs/relay.md). Registered as its
 * own plugin so that the raw-body parser and the document-sized body limit hold for this
 * route only; every other route keeps HTTP_BODY_LIMIT and JSON bodies.
 */
export function documentsRoutes(deps: { intake?: DocumentIntake | undefined; jsonMaxDepth: number }): FastifyPluginCallbackZod {
  const { intake } = deps;
  const bodyLimit = intake?.maxDocumentBytes ?? DEFAULT_INGEST_LIMITS.maxDocumentBytes;
  return (app, _options, done) => {
    // Only raw bytes: a JSON or form body is a 415, never parsed.
    app.removeAllContentTypeParsers();
    app.addContentTypeParser(RAW_BODY_TYPE, { parseAs: 'buffer', bodyLimit }, (_request, body, next) => next(null, body));
    app.post(
      '/v1/documents',
      {
        bodyLimit,
        config: { requiredScope: 'ingest' },
        // After authentication and the scope: a process that cannot ingest says so before reading a body.
        onRequest: (_request, _reply, next) => next(intake ? undefined : new IngestUnavailableError('this process runs no ingestion')),
        schema: {
          summary: 'Upload a raw document into ingestion (for relays)',
          description: DESCRIPTION,
          tags: ['ingestion'],
          consumes: [RAW_BODY_TYPE],
          querystring: DocumentUploadQuerySchema,
          headers: DocumentUploadHeadersSchema,
          response: {
            202: DocumentUploadResponseSchema.describe('Stored (or held already, or refused over a limit), its parse queued'),
            ...errorResponses(403, 422),
            413: ErrorDetailSchema.describe('The body is larger than the document limit (INGEST_MAX_DOCUMENT_BYTES); nothing is kept'),
            415: ErrorDetailSchema.describe('The body is not sent as application/octet-stream'),
            503: ErrorDetailSchema.describe(
              'This process cannot ingest (it runs no ingestion, or its ingestion could not start), or it is shutting down (with Retry-After)',
            ),
          },
        },
      },
      async (request, reply) => {
        requireScope(request, 'ingest');
        if (!intake) throw new IngestUnavailableError('this process runs no ingestion');
        const body = request.body as Buffer | undefined;
        if (!body || body.length === 0) throw EMPTY_BODY;
        const attributes = parseAttributes(request.headers[DOCUMENT_ATTRIBUTES_HEADER], deps.jsonMaxDepth);
        const sha256 = createHash('sha256').update(body).digest('hex');
        checkDigest(sha256, attributes);
        const { query } = request;
        const bytes = new Uint8Array(body.buffer, body.byteOffset, body.byteLength);
        const { documents, problems } = await intake.receive({
          bytes,
          fileName: query.file_name,
          sourceUrl: query.source_url ?? null,
          knownAt: query.known_at ?? null,
          attributes,
        });
        return reply
          .status(202)
          .send(envelope([...documents], { count: documents.length, sha256, byte_length: body.length, problems: [...problems] }));
      },
    );
    done();
  };
}
