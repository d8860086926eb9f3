// src/ingest/shared/corporate-action-purpose: what other modules use of it, and the only file they import (docs/architecture.md "Modules").
export { fileKnownAt } from './action-known-at.ts';
export { bseActionRow } from './bse-action-row.ts';
export { corporateActionFileEvents, type CorporateActionRow } from './corporate-action-events.ts';
export { parseNseActionDate } from './nse-action-date.ts';
export { readOptionalDate } from './optional-date.ts';
