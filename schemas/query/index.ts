// schemas/query: what other modules use of it, and the only file they import (docs/architecture.md "Modules").
export { CALENDAR_QUARTER_PATTERN, CROSS_SECTION_MAX_ROWS, type CrossSectionStep } from './cross-section.ts';
export {
  type Answer,
  AnswerSchema,
  type Citation,
  type CitationKind,
  type EvidencePacket,
  EvidencePacketSchema,
  type Gap,
  GapSchema,
  type Passage,
  PassageSchema,
  type Quotation,
} from './evidence.ts';
export type { MarketCap } from './market-cap.ts';
export type { OwnershipChange } from './ownership-change.ts';
export {
  AskBodySchema,
  type FactFilter,
  MAX_EXTRA_CONDITIONS,
  MAX_REFERENCES,
  type PlanPeriod,
  type PlanRoute,
  type RetrievalPlan,
  type RetrievalPlanInput,
  RetrievalPlanSchema,
  RetrievalRequestSchema,
} from './plan.ts';
export type { CompanyResolution, RestatedVersion, Restatement } from './restatement.ts';
