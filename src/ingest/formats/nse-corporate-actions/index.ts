// src/ingest/formats/nse-corporate-actions: what other modules use of it, and the only file they import (docs/architecture.md "Modules").
export { nseCorporateActionsParser } from './parser.ts';
