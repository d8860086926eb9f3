// src/domain/identity: what other modules use of it, and the only file they import (docs/architecture.md "Modules").
export {
  type Anchor,
  anchorOfIsin,
  bseAnchor,
  companyIdOfAnchor,
  companyIdOfFiling,
  companyIdOfIsin,
  legacyCompanyIdOfIsin,
} from './anchor.ts';
export { type ClaimDating, type ClaimView, istDateOf, placeInTime, viewOfClaim } from './claim-view.ts';
export type { Claim, ClaimEventType, ClaimScheme } from './claim.ts';
export { claimsOfEvent } from './claims-of-event.ts';
export { type CompanyReference, parseCompanyReference } from './company-reference.ts';
export { deriveCompany, type DerivedCompany } from './derive-company.ts';
export { groupBy } from './group-by.ts';
export { isAbsentIsin, isinKind, issuerCodeOf, readIsin } from './isin.ts';
export { dateLists, type ListContent, type ListDate } from './list-dates.ts';
export type { Snapshot } from './listing-periods.ts';
export { holderOn, type Ownership, ownershipOf } from './ownership.ts';
