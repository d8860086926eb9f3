// src/ingest/formats/nse-full-bhavcopy: what other modules use of it, and the only file they import (docs/architecture.md "Modules").
export { nseFullBhavcopyParser } from './parser.ts';
