// src/serve/http: what other modules use of it, and the only file they import (docs/architecture.md "Modules").
export { buildApp } from './build-app.ts';
export type { DocumentIntake } from './document-intake.ts';
export { FACT_PARQUET_COLUMNS } from './export/fact-parquet.ts';
export { DEFAULT_EXPORT_LIMITS } from './routes/financials-export.ts';
