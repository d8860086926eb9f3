// projections/disclosures: what other modules use of it, and the only file they import (docs/architecture.md "Modules").
export { getDisclosure } from './get-disclosure.ts';
export { disclosuresProjection } from './projection.ts';
export { disclosuresDatasetStats, listEvents, listEventTypes } from './queries.ts';
export { searchDisclosures } from './search-disclosures.ts';
export { DISCLOSURES } from './tables.ts';
