// projections/facts: what other modules use of it, and the only file they import (docs/architecture.md "Modules").
export {
  calendarQuarterDays,
  crossSection,
  crossSectionJson,
  crossSectionJsonQuery,
  type CrossSectionParams,
  type CrossSectionPeriod,
  crossSectionPeriodConditions,
  crossSectionPeriodOf,
  type CrossSectionPosition,
  crossSectionQuery,
  factsOfView,
} from './cross-section.ts';
export { type FactChangePosition, listFactChanges, positionOfChange } from './fact-changes.ts';
export type { FactLine } from './fact-lines.ts';
export { factLinePages, factPages, type FactSelection } from './fact-pages.ts';
export { listFilingBases } from './filing-bases.ts';
export { factsProjection } from './projection.ts';
export { listFacts, listFactsQuery, listFactVersions, readFacts, toFact, versionOfView } from './queries.ts';
export { listRestatedVersions } from './restated-versions.ts';
export { SELECT_FACT } from './select-fact.ts';
export { FACT_FILINGS, FACTS, fiscalPeriodCode, REPLACED_FACTS } from './tables.ts';
