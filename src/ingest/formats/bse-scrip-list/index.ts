// src/ingest/formats/bse-scrip-list: what other modules use of it, and the only file they import (docs/architecture.md "Modules").
export { bseScripListParser } from './parser.ts';
