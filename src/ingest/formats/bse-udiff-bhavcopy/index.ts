// src/ingest/formats/bse-udiff-bhavcopy: what other modules use of it, and the only file they import (docs/architecture.md "Modules").
export { bseUdiffBhavcopyParser } from './parser.ts';
