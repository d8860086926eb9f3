// src/platform/db: what other modules use of it, and the only file they import (docs/architecture.md "Modules").
export { connectionFailureReason, withoutPassword } from './connection-failure.ts';
export type { Database, QueryResult, SqlExecutor, TextRows, Unlisten } from './db.ts';
export { deferredDatabase } from './deferred-database.ts';
export { isoInstant } from './iso-instant.ts';
export { keepListening } from './keep-listening.ts';
export { migrate, migrationsDigest } from './migrate.ts';
export { toPgArray } from './pg-array.ts';
export { isPgError, isUniqueViolation, SQLSTATE } from './pg-errors.ts';
export { limitReadTime } from './read-time-limit.ts';
export { finishStep, readStep, recordStep } from './service-steps.ts';
export { withStatementTimeout } from './statement-timeout.ts';
export { TYPE_PARSERS } from './type-parsers.ts';
