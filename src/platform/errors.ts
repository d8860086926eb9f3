/**
 * The one catalogue of application errors. Each has a stable `code` and the HTTP status
 * the API answers with; everything not in here is an internal error.
 */
export class AppError extends Error {
  readonly code: string;
  readonly status: number;

  constructor(code: string, status: number, message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = new.target.name;
    this.code = code;
    this.status = status;
  }
}

/** An append's expected stream version did not match the stream. */
export class ConcurrencyError extends AppError {
  readonly streamId: string;
  readonly expected: string;
  readonly actual: number;

  constructor(streamId: string, expected: number | string, actual: number) {
    super(
      'ERR_VERSION_CONFLICT',
      409,
      `stream ${streamId} is at version ${actual}, but the append expected ${expected}`,
    );
    this.streamId = streamId;
    this.expected = String(expected);
    this.actual = actual;
  }
}

/** An event id is already used by an event in another stream. */
export class EventIdConflictError extends AppError {
  constructor(eventId: string, streamId: string, existingStreamId: string) {
    super(
      'ERR_EVENT_ID_CONFLICT',
      409,
      `event ${eventId} cannot be appended to ${streamId}: it already exists in ${existingStreamId}`,
    );
  }
}

/** An event payload does not match its schema, or its type is unknown. */
export class EventValidationError extends AppError {
  readonly issues: readonly string[];

  constructor(eventType: string, issues: readonly string[]) {
    super('ERR_EVENT_INVALID', 422, `invalid ${eventType} event: ${issues.join('; ')}`);
    this.issues = issues;
  }
}



/** Another projector moved this projection's checkpoint; the batch was not applied. */
export class CheckpointMovedError extends AppError {
  constructor(projection: string) {
    super('ERR_CHECKPOINT_MOVED', 409, `the checkpoint of projection ${projection} was moved by another runner`);
  }
}


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
