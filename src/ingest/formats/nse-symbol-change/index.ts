// src/ingest/formats/nse-symbol-change: what other modules use of it, and the only file they import (docs/architecture.md "Modules").
export { nseSymbolChangeParser } from './parser.ts';
