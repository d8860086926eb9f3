// src/platform/db-engines: what other modules use of it, and the only file they import (docs/architecture.md "Modules").
export { type DatabaseConfig, databaseKindOf, openDatabase } from './open-database.ts';
export { openPgPool } from './pg-pool.ts';
