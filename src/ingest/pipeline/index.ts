// src/ingest/pipeline: what other modules use of it, and the only file they import (docs/architecture.md "Modules").
export { createCompanyDirectory } from './company-directory.ts';
export { companyKeyOf } from './company-key.ts';
export type { ContextProvider, FileContext } from './context-provider.ts';
export { listCopiesWithout } from './document-copies.ts';
export {
  type IngestDeps,
  type IngestedDocument,
  ingestInputs,
  type IngestProgress,
  type IngestSummary,
  reparseStored,
} from './ingest-inputs.ts';
export { outdatedDocuments } from './outdated-documents.ts';
export { parseFiles } from './parse-files.ts';
export { createParsePool } from './parse-pool.ts';
export { processDocuments } from './process-document.ts';
export { anyDocumentStored, listRawDocuments, loadRawDocuments, loadRawDocumentsOfFormat } from './raw-documents.ts';
export { DEAD_LETTER_REASON, recordDeadLetter } from './record-dead-letter.ts';
export { createResultsListingContext } from './results-listing-context.ts';
export { createShareholdingListingContext } from './shareholding-listing-context.ts';
