// src/ingest/formats/bse-equity-bhavcopy: what other modules use of it, and the only file they import (docs/architecture.md "Modules").
export { bseEquityBhavcopyParser } from './parser.ts';
