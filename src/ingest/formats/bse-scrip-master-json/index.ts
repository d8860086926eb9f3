// src/ingest/formats/bse-scrip-master-json: what other modules use of it, and the only file they import (docs/architecture.md "Modules").
export { bseScripMasterJsonParser } from './parser.ts';
