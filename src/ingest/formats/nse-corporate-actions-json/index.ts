// src/ingest/formats/nse-corporate-actions-json: what other modules use of it, and the only file they import (docs/architecture.md "Modules").
export { nseCorporateActionsJsonParser } from './parser.ts';
