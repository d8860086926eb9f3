// src/ingest/formats/nse-quote-snapshot: what other modules use of it, and the only file they import (docs/architecture.md "Modules").
export { nseQuoteSnapshotParser } from './parser.ts';
