// src/ingest/shared/shareholding-support: what other modules use of it, and the only file they import (docs/architecture.md "Modules").
export { emitShareholding, type ShareholdingFigures, type ShareholdingFiling } from './emit-shareholding.ts';
export { reportedCompany } from './reported-company.ts';
export { categoryPathOf, HEADLINE_MEMBERS, isMember, knownMember } from './sebi-categories.ts';
export { type DisclosureRule, ruleOf, shareholdingKnownAt } from './shareholding-known-at.ts';
