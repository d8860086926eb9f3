// src/ingest/formats/parser-registry: what other modules use of it, and the only file they import (docs/architecture.md "Modules").
export { createParserRegistry, type ParserRegistry } from './parser-registry.ts';
export { unknownFormatReason } from './unknown-format-reason.ts';
