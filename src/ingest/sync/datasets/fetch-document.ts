import { createHash } from 'node:crypto';
import type { ExchangeHost } from '#platform/config';
import { ExchangeRequestError, type ExchangeResponse } from '../exchange-client.ts';
import { classifyResponse, type Expected } from '../response-kind.ts';
import type { DatasetIo, FetchedDocument, UnitOutcome } from './dataset.ts';

/** The fetch's provenance, kept as the stored document's `fetch` attribute. */
export function fetchAttributes(response: ExchangeResponse, canonicalUrl: string) {
  const url = new URL(canonicalUrl);
  return {
    url: `${url.origin}${url.pathname}`,
    query: url.search.replace(/^\?/, ''),
    fetchedFrom: response.finalUrl,
    fetchedAt: response.fetchedAt,
    status: response.status,
    etag: response.etag,
    lastModified: response.lastModified,
    sha256: createHash('sha256').update(response.bytes).digest('hex'),
  };
}

export interface DocumentRequest {
  readonly host: ExchangeHost;
  readonly path: string;
  readonly expected: Expected;
  readonly fileName: string;
  readonly knownAt?: string | null;
  readonly attributes?: Readonly<Record<string, unknown>>;
}

export type DocumentAnswer =
  | { readonly kind: 'data'; readonly document: FetchedDocument; readonly response: ExchangeResponse }
  | Exclude<UnitOutcome, { kind: 'fetched' }>;

/** Fetches one document and says what the answer means; never throws for the exchange's behaviour. */
export async function fetchDocument(io: DatasetIo, request: DocumentRequest): Promise<DocumentAnswer> {
  const url = io.urlAt(request.host, request.path);
  const canonical = io.canonicalAt(request.host, request.path);
  return fetchUrl(io, url, canonical, request);
}

/** As fetchDocument, for a URL already known (a link a listing names). */
export async function fetchUrl(
  io: DatasetIo,
  url: string,
  canonical: string,
  request: Omit<DocumentRequest, 'host' | 'path'>,
): Promise<DocumentAnswer> {
  let response: ExchangeResponse;
  try {
    response = await io.client.get(url, io.signal);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return { kind: 'failed', reason, requests: 1 };
  }
  const verdict = classifyResponse(response, request.expected);
  if (verdict.kind !== 'data') return { ...verdict, requests: response.attempts };
  return {
    kind: 'data',
    response,
    document: {
      bytes: response.bytes,
      fileName: request.fileName,
      sourceUrl: canonical,
      knownAt: request.knownAt ?? null,
      attributes: { ...request.attributes, fetch: fetchAttributes(response, canonical) },
    },
  };
}

export { ExchangeRequestError };
