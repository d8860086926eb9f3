import { createHash } from 'node:crypto';
import { DOCUMENT_ATTRIBUTES_HEADER, DocumentUploadResponseSchema, type UploadedDocument } from '#schemas/api';

/** A document fetched by a relay, to upload to a service that cannot reach the exchange. */
export interface RelayDocument {
  /** The bytes as the exchange served them. */
  readonly bytes: Uint8Array;
  /** The name it was published under, without a folder. */
  readonly fileName: string;
  readonly sourceUrl?: string | null;
  /** The stated dissemination time, with its offset (e.g. 2024-05-12T18:30:00+05:30). */
  readonly knownAt?: string | null;
  /** Fetch provenance (url, query, fetched_at, http_status, etag, last_modified, listing); `sha256` is added when absent. */
  readonly attributes?: Record<string, unknown>;
}

/**
 * What the service answered. Accepted: the documents the upload became (one, or a zip's
 * members), each stored or already known or refused over a limit, with its parse when it
 * settled in time. Not accepted: the status and the service's `detail`, with `retryable` for
 * what may pass later as it is (429, 503, a 5xx) and the wait it asked for.
 */
export type UploadResult =
  | {
      readonly ok: true;
      readonly status: number;
      readonly documents: readonly UploadedDocument[];
      readonly sha256: string;
      readonly problems: readonly string[];
    }
  | {
      readonly ok: false;
      readonly status: number;
      readonly detail: string;
      readonly retryable: boolean;
      readonly retryAfterSeconds: number | undefined;
    };

/** The `detail` of an error body: FastAPI's text, or its validation errors joined; else the start of the body. */
function detailOf(body: string): string {
  try {
    const { detail } = JSON.parse(body) as { detail?: unknown };
    if (typeof detail === 'string') return detail;
    if (Array.isArray(detail)) {
      return detail.map((item: { loc?: unknown[]; msg?: string }) => `${(item.loc ?? []).join('.')}: ${item.msg ?? ''}`).join('; ');
    }
  } catch {
    // Not JSON (a proxy's page): its text says what there is to say.
  }
  return body.slice(0, 500);
}

const isRetryable = (status: number) => status === 429 || status === 503 || status >= 500;

/** The upload's URL: `baseUrl` (with or without a trailing slash, e.g. https://imd.example/) + /v1/documents. */
function uploadUrl(baseUrl: string, doc: RelayDocument): URL {
  const url = new URL('v1/documents', baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`);
  url.searchParams.set('file_name', doc.fileName);
  if (doc.sourceUrl) url.searchParams.set('source_url', doc.sourceUrl);
  if (doc.knownAt) url.searchParams.set('known_at', doc.knownAt);
  return url;
}

/**
 * Uploads one document to a service's POST /v1/documents with a key holding the `ingest`
 * scope (docs/relay.md). The body's SHA-256 goes with it as `attributes.sha256` (unless the
 * caller states one), so bytes changed on the way are refused rather than stored. A failure
 * to reach the service is thrown; an answer, whatever its status, is returned.
 */
export async function uploadDocument(
  baseUrl: string,
  key: string,
  doc: RelayDocument,
  fetchImpl: typeof fetch = fetch,
): Promise<UploadResult> {
  const sha256 = createHash('sha256').update(doc.bytes).digest('hex');
  const attributes = { sha256, ...doc.attributes };
  const response = await fetchImpl(uploadUrl(baseUrl, doc), {
    method: 'POST',
    headers: {
      'x-api-key': key,
      'content-type': 'application/octet-stream',
      [DOCUMENT_ATTRIBUTES_HEADER]: JSON.stringify(attributes),
    },
    body: doc.bytes,
  });
  const text = await response.text();
  if (!response.ok) {
    const retryAfter = Number(response.headers.get('retry-after') ?? Number.NaN);
    return {
      ok: false,
      status: response.status,
      detail: detailOf(text),
      retryable: isRetryable(response.status),
      retryAfterSeconds: Number.isFinite(retryAfter) ? retryAfter : undefined,
    };
  }
  const body = DocumentUploadResponseSchema.parse(JSON.parse(text));
  return { ok: true, status: response.status, documents: body.data, sha256: body.meta.sha256, problems: body.meta.problems };
}
