/**
 * The base of the catalogue's client-facing errors: a stable `code` and the HTTP status the
 * API answers with. An error that is not an AppError is an internal error.
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
