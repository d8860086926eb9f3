/**
 * The one catalogue of errors, one file per family. AppError and its subclasses are what a
 * client may cause: each has a stable `code` and the HTTP status the API answers with, and
 * the MCP tools pass its message on. The plain Errors (RequestValidationError with its own
 * 422 body, DataDirBusyError, RunAbortedError, AnswerCheckError, ModelWriterError) are
 * handled by name where they are caught; anything else is an internal error. Every class
 * takes plain data, so the catalogue imports nothing above the platform.
 */
export { AppError } from './app-error.ts';
export { CheckpointMovedError, ConcurrencyError, DataDirBusyError, EventIdConflictError, EventValidationError } from './store-errors.ts';
export {
  DatasetUnavailableError,
  IngestUnavailableError,
  InvalidRequestError,
  NotFoundError,
  ReadTimeoutError,
  RequestValidationError,
  UnresolvedCompanyError,
} from './request-errors.ts';
export {
  ForbiddenError,
  InvalidKeyRequestError,
  KeyLimitReachedError,
  KeyNotFoundError,
  RateLimitedError,
  UnauthorizedError,
  WorkspaceNotFoundError,
} from './access-errors.ts';
export { ScreenRequestError, UnknownScreenMetricError, type ScreenIssue } from './screen-errors.ts';
export { AnswerCheckError, ModelWriterError, RunAbortedError } from './query-errors.ts';
