// src/ingest/formats/nse-equity-master: what other modules use of it, and the only file they import (docs/architecture.md "Modules").
export { nseEquityMasterParser } from './parser.ts';
