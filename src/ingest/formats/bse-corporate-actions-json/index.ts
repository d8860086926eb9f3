// src/ingest/formats/bse-corporate-actions-json: what other modules use of it, and the only file they import (docs/architecture.md "Modules").
export { bseCorporateActionsJsonParser } from './parser.ts';
