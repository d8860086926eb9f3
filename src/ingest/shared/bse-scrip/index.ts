// src/ingest/shared/bse-scrip: what other modules use of it, and the only file they import (docs/architecture.md "Modules").
export { type BseScripRow, readBseScrip } from './bse-scrip-row.ts';
export { bseScripEvents } from './scrip-events.ts';
