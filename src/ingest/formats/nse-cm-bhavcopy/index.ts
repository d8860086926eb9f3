// src/ingest/formats/nse-cm-bhavcopy: what other modules use of it, and the only file they import (docs/architecture.md "Modules").
export { nseCmBhavcopyParser } from './parser.ts';
