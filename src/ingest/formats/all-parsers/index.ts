// src/ingest/formats/all-parsers: what other modules use of it, and the only file they import (docs/architecture.md "Modules").
export { parserRegistry } from './all-parsers.ts';
