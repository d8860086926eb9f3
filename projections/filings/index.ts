// projections/filings: what other modules use of it, and the only file they import (docs/architecture.md "Modules").
export { getFilingTextPage } from './filing-text.ts';
export { filingsProjection } from './projection.ts';
export { getFiling, getSourceDocument, listFilingPage } from './queries.ts';
export { DOCUMENTS, FILING_DAY, FILING_TEXTS, FILINGS } from './tables.ts';
