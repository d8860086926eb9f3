// schemas/common: what other modules use of it, and the only file they import (docs/architecture.md "Modules").
export { ConceptKindSchema, findConcept, GROWTH_FIELDS, matchConceptMentions, matchConcepts, MetricIdSchema } from './concept-synonyms.ts';
export {
  BALANCE_SHEET_CONCEPTS,
  CASH_FLOW_CONCEPTS,
  DERIVED_RATIOS,
  type DerivedRatio,
  FACT_CONCEPTS,
  type FactConcept,
  FactConceptSchema,
  type FactUnit,
  FactUnitSchema,
  INCOME_STATEMENT_CONCEPTS,
  isFactConcept,
  OWNERSHIP_FIELDS,
  REPORTED_CONCEPTS,
  type ReportedConcept,
  ReportedConceptSchema,
} from './concepts.ts';
export { datasetStatsSchema, recordedDatasetStatsSchema } from './dataset-stats.ts';
export { type FactView, FactViewSchema } from './fact-view.ts';
export { InstantInputSchema, instantOf, normaliseDateTime } from './instant.ts';
export { type KnownAtBasis, KnownAtBasisSchema } from './known-at-basis.ts';
export {
  FiscalQuarterSchema,
  FiscalYearSchema,
  type Period,
  type PeriodFilter,
  PeriodFilterSchema,
  PeriodSchema,
  type PeriodType,
  PeriodTypeSchema,
} from './period.ts';
export {
  type Basis,
  BasisSchema,
  BseScripCodeSchema,
  CinSchema,
  DecimalStringSchema,
  type Exchange,
  ExchangeSchema,
  type Isin,
  IsinSchema,
  IsoDateSchema,
  IsoDateTimeSchema,
  NseSymbolSchema,
  RecordedAtSchema,
  Sha256HexSchema,
  UuidSchema,
} from './primitives.ts';
export {
  type CorporateActionType,
  CorporateActionTypeSchema,
  type FilingType,
  FilingTypeSchema,
  type PriceInterval,
  PriceIntervalSchema,
} from './vocabularies.ts';
