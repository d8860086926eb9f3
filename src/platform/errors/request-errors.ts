import type { ValidationError } from '#schemas/api';
import { AppError } from './app-error.ts';

/** A company, instrument or record that does not exist (404). */
export class NotFoundError extends AppError {
  constructor(message: string) {
    super('ERR_NOT_FOUND', 404, message);
  }
}

/** The dataset a request needs has no rows yet, or its projection is rebuilding (503). */
export class DatasetUnavailableError extends AppError {
  readonly dataset: string;

  constructor(dataset: string, reason: string) {
    super('ERR_DATASET_UNAVAILABLE', 503, `the ${dataset} dataset is unavailable: ${reason}`);
    this.dataset = dataset;
  }
}

/** This process cannot take documents in: it runs no ingestion, or its ingestion has not started or failed to (503). */
export class IngestUnavailableError extends AppError {
  constructor(reason: string) {
    super('ERR_INGEST_UNAVAILABLE', 503, `documents cannot be ingested here: ${reason}`);
  }
}

/**
 * A read that ran longer than the service's limit for one statement (READ_STATEMENT_TIMEOUT_MS,
 * docs/read-time-limits.md): cancelled by the PostgreSQL server, or given up on by embedded
 * PGlite while it finishes (503, with Retry-After).
 */
export class ReadTimeoutError extends AppError {
  /** Seconds a client should wait before trying again: the limit, rounded up. */
  readonly retryAfterSeconds: number;

  constructor(limitMs: number, options?: ErrorOptions) {
    super(
      'ERR_READ_TIMEOUT',
      503,
      `the read took longer than the service's limit of ${limitMs} ms and was stopped; try again shortly, or ask for less (a narrower query, a smaller limit, fewer companies)`,
      options,
    );
    this.retryAfterSeconds = Math.max(1, Math.ceil(limitMs / 1000));
  }
}

/** A company reference that names no company exactly, with the companies it may mean (404). */
export class UnresolvedCompanyError extends AppError {
  readonly reference: string;
  /** Near matches, best first: for the caller to confirm, never to pick silently. */
  readonly candidates: readonly { readonly id: string; readonly name: string | null; readonly nse_symbol: string | null }[];

  constructor(reference: string, candidates: UnresolvedCompanyError['candidates']) {
    const named = candidates.map((c) => `${c.name ?? c.id} (${c.nse_symbol ? `NSE:${c.nse_symbol}` : c.id})`);
    super(
      'ERR_COMPANY_UNRESOLVED',
      404,
      candidates.length > 0
        ? `'${reference}' does not name one company exactly; it may mean ${named.join(', ')}. Call search to confirm, then pass a ticker, NSE:<SYMBOL>, ISIN, CIN or company UUID.`
        : `no company matches '${reference}'. Call search with a name or identifier to find one, then pass its ticker, NSE:<SYMBOL>, ISIN, CIN or company UUID.`,
    );
    this.reference = reference;
    this.candidates = candidates;
  }
}

/** A request that passed its schema but cannot be answered as asked, e.g. a start after its end (422). */
export class InvalidRequestError extends AppError {
  constructor(message: string) {
    super('ERR_INVALID_REQUEST', 422, message);
  }
}

/**
 * A request that did not validate; answered with 422 and FastAPI's `HTTPValidationError` body.
 * Not an AppError: its body is the list of failures, not one message.
 */
export class RequestValidationError extends Error {
  readonly statusCode = 422;
  readonly detail: readonly ValidationError[];

  constructor(detail: readonly ValidationError[]) {
    super(`request validation failed: ${detail.map((d) => `${d.loc.join('.')}: ${d.msg}`).join('; ')}`);
    this.name = 'RequestValidationError';
    this.detail = detail;
  }
}
