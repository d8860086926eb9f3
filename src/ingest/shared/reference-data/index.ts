// src/ingest/shared/reference-data: what other modules use of it, and the only file they import (docs/architecture.md "Modules").
export { cleanName } from './clean-name.ts';
export { companyRegistration } from './company-registration.ts';
export { buildIssuerIndex } from './issuer-index.ts';
export { instrumentTypeOf, type ListingOwner, listingOwnerOf } from './listing-owner.ts';
export { listingEvents, listingRowEvents, type RowEvents } from './listing-row-events.ts';
export { type Displaced, pickOnePerKey } from './pick-one-per-key.ts';
export { sectorName } from './sector-name.ts';
