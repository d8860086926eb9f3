/**
 * Both `pg` and PGlite raise errors carrying the server's SQLSTATE `code` and the violated
 * `constraint`, so one mapper serves both adapters.
 */
export interface PgDatabaseError {
  readonly code: string;
  readonly constraint?: string | undefined;
  readonly message: string;
}

export const SQLSTATE = {
  uniqueViolation: '23505',
  serializationFailure: '40001',
  deadlockDetected: '40P01',
  /** A statement cancelled: by `statement_timeout`, or on request. */
  queryCanceled: '57014',
  undefinedTable: '42P01',
  undefinedSchema: '3F000',
} as const;

export function isPgError(error: unknown): error is PgDatabaseError {
  return (
    typeof error === 'object' &&
    error !== null &&
    typeof (error as { code?: unknown }).code === 'string' &&
    typeof (error as { message?: unknown }).message === 'string'
  );
}

export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  return isPgError(error) && error.code === SQLSTATE.uniqueViolation && (constraint === undefined || error.constraint === constraint);
}
