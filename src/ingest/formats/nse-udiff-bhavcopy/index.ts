// src/ingest/formats/nse-udiff-bhavcopy: what other modules use of it, and the only file they import (docs/architecture.md "Modules").
export { nseUdiffBhavcopyParser } from './parser.ts';
