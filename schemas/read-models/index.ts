// schemas/read-models: what other modules use of it, and the only file they import (docs/architecture.md "Modules").
export {
  type Company,
  type CompanyIdentity,
  CompanyIdentitySchema,
  type CompanyListItem,
  CompanyListItemSchema,
  type CompanyProfile,
  CompanyProfileSchema,
  type IdentifierHistory,
  type Instrument,
  InstrumentSchema,
  type ListingPeriod,
} from './company.ts';
export { type CorporateAction, type CorporateActionDatasetStats, CorporateActionSchema } from './corporate-action.ts';
export { type DatasetStatus, DatasetStatusSchema } from './dataset.ts';
export {
  type DisclosureCompany,
  type DisclosureHit,
  type DisclosuresDatasetStats,
  type Event,
  type EventPage,
  EventSchema,
  type EventTypeCount,
  EventTypeCountSchema,
} from './event.ts';
export {
  type FactChainVersion,
  FactChainVersionSchema,
  type FactVersionChain,
  FactVersionChainSchema,
  versionChainSchema,
} from './fact-provenance.ts';
export {
  type Fact,
  FACT_KEY_FIELDS,
  type FactChange,
  FactChangeSchema,
  type FactFieldChange,
  type FactKey,
  FactSchema,
  type FactVersion,
  FactVersionSchema,
} from './fact.ts';
export { type Filing, FilingSchema, type SourceDocument, SourceDocumentSchema } from './filing.ts';
export {
  type Metric,
  METRIC_IDS,
  type MetricCatalogueEntry,
  type MetricId,
  MetricIdSchema,
  type MetricInput,
  MetricInputSchema,
  type MetricPeriod,
  type MetricReason,
  type MetricReasonCode,
  MetricReasonSchema,
  MetricSchema,
  type MetricUnit,
  MetricUnitSchema,
} from './metric.ts';
export {
  type PriceAdjustment,
  type PriceAdjustmentFactor,
  PriceAdjustmentSchema,
  type PriceAdjustMode,
  PriceAdjustModeSchema,
} from './price-adjustment.ts';
export { type Candle, CandleSchema, type PriceDatasetStats, type Quote, QuoteSchema } from './price.ts';
export { type ProjectionStatus, ProjectionStatusSchema } from './projection-status.ts';
export { type ScreenFilterInput, ScreenFilterInputSchema } from './screen-threshold.ts';
export {
  DecimalInputSchema,
  SCREEN_OPERATORS,
  type ScreenInput,
  ScreenInputSchema,
  type ScreenMetric,
  ScreenMetricSchema,
  type ScreenMetricUnit,
  type ScreenOperator,
  ScreenOperatorSchema,
  type ScreenPeriod,
  type ScreenPredicate,
  ScreenPredicateSchema,
  ScreenRequestSchema,
  type ScreenResult,
  type ScreenResultRow,
  ScreenResultSchema,
  ScreenSortSchema,
} from './screen.ts';
export {
  type AnnouncementSearchHit,
  type CompanySearchHit,
  type ConceptSearchHit,
  type DocumentSearchHit,
  type EventSearchHit,
  type FormerName,
  SEARCH_KINDS,
  type SearchCandidate,
  SearchCandidateSchema,
  type SearchHit,
  type SearchKind,
  SearchRequestSchema,
  type SearchResult,
  SearchResultSchema,
  type SecuritySearchHit,
} from './search.ts';
export {
  type ShareholdingDatasetStats,
  type ShareholdingHolder,
  type ShareholdingSnapshot,
  ShareholdingSnapshotSchema,
} from './shareholding.ts';
export {
  type CompanyIdentifierRow,
  CompanyIdentifierRowSchema,
  type CorporateActionRow,
  CorporateActionRowSchema,
  type PriceRow,
  PriceRowSchema,
  type ShareholdingRow,
  ShareholdingRowSchema,
  SNAPSHOT_DATASETS,
  type SnapshotDataset,
  SnapshotDatasetSchema,
  type SnapshotFile,
  type SnapshotManifest,
  SnapshotManifestSchema,
} from './snapshot.ts';
