// src/ingest/formats/shareholding-summary: what other modules use of it, and the only file they import (docs/architecture.md "Modules").
export { shareholdingSummaryParser } from './parser.ts';
