// src/ingest/formats/nse-security-history: what other modules use of it, and the only file they import (docs/architecture.md "Modules").
export { nseSecurityHistoryParser } from './parser.ts';
