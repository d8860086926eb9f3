// schemas/api: what other modules use of it, and the only file they import (docs/architecture.md "Modules").
export { ApiIndexResponseSchema } from './api-index.ts';
export { AskEventStreamSchema } from './ask.ts';
export { CompaniesQuerySchema, CompaniesResponseSchema, InstrumentsQuerySchema, InstrumentsResponseSchema } from './companies.ts';
export { splitConcepts } from './concept-list.ts';
export { CorporateActionsQuerySchema, CorporateActionsResponseSchema } from './corporate-actions.ts';
export {
  calendarQuarterOf,
  checkCrossSectionPeriod,
  type CrossSectionPeriodFields,
  type CrossSectionQuery,
  CrossSectionQuerySchema,
  CrossSectionResponseSchema,
} from './cross-section.ts';
export {
  DOCUMENT_ATTRIBUTES_HEADER,
  DocumentUploadHeadersSchema,
  DocumentUploadQuerySchema,
  DocumentUploadResponseSchema,
  type RelayAttributes,
  RelayAttributesSchema,
  type UploadedDocument,
} from './documents.ts';
export { ErrorDetailSchema, HTTPValidationErrorSchema, type ValidationError } from './errors.ts';
export { EventsQuerySchema, EventsResponseSchema } from './events.ts';
export { type ChangesCursor, FactChangesQuerySchema, FactChangesResponseSchema } from './fact-changes.ts';
export { FactVersionsQuerySchema, FactVersionsResponseSchema } from './fact-versions.ts';
export { FilingsQuerySchema, FilingsResponseSchema } from './filings.ts';
export { type ExportFormat, FinancialsExportQuerySchema, UnknownTickersSchema } from './financials-export.ts';
export { FinancialsQuerySchema, FinancialsResponseSchema } from './financials.ts';
export { HealthSchema, type PendingDocuments, ProblemSchema } from './health.ts';
export {
  type ApiKey,
  ApiKeyListResponseSchema,
  ApiKeyResponseSchema,
  DEFAULT_SCOPES,
  IssuedKeyResponseSchema,
  KeyIdParamsSchema,
  KeyNameSchema,
  NewKeySchema,
  type Scope,
  SCOPES,
} from './keys.ts';
export { FinancialMetricsQuerySchema, FinancialMetricsResponseSchema } from './metrics.ts';
export { encodeCursor } from './params.ts';
export { PricesQuerySchema, PricesResponseSchema } from './prices.ts';
export { QueryResponseSchema, QueryResultSchema } from './query.ts';
export { SearchBodySchema, SearchResponseSchema } from './search.ts';
export { ShareholdingQuerySchema, ShareholdingResponseSchema } from './shareholding.ts';
export type { SyncDatasetHealth, SyncHealth, SyncStatus } from './sync-status.ts';
export { splitTickers } from './ticker-list.ts';
