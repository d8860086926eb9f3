// src/ingest/formats/bse-corporate-actions: what other modules use of it, and the only file they import (docs/architecture.md "Modules").
export { bseCorporateActionsParser } from './parser.ts';
