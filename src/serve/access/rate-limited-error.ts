import { AppError } from '../../platform/errors.ts';

/** A key reached its per-minute rate or its monthly allowance. The hook sets `Retry-After`. */
export class RateLimitedError extends AppError {
  readonly retryAfterSeconds: number;

  constructor(detail: string, retryAfterSeconds: number) {
    super('ERR_RATE_LIMITED', 429, detail);
    this.retryAfterSeconds = retryAfterSeconds;
  }
}
