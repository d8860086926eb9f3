// src/ingest/formats/document-text: what other modules use of it, and the only file they import (docs/architecture.md "Modules").
export { documentTextParser } from './parser.ts';
