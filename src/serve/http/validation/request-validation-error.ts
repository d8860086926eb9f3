import type { ValidationError } from '../../../../schemas/api/errors.ts';

/** A request that did not validate; answered with 422 and FastAPI's `HTTPValidationError` body. */
export class RequestValidationError extends Error {
  readonly statusCode = 422;
  readonly detail: readonly ValidationError[];

  constructor(detail: readonly ValidationError[]) {
    super(`request validation failed: ${detail.map((d) => `${d.loc.join('.')}: ${d.msg}`).join('; ')}`);
    this.name = 'RequestValidationError';
    this.detail = detail;
  }
}
