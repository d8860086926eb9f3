// src/ingest/shared/parser: what other modules use of it, and the only file they import (docs/architecture.md "Modules").
export { companyIdFromIsin, type CompanyLookup, createCompanyLookup, instrumentIdOf, type KnownHolding } from './company-lookup.ts';
export { createEventEmitter, type EventEmitter } from './event-emitter.ts';
export { HEAD_BYTES, headOf } from './file-head.ts';
export {
  type EventRun,
  EventRunError,
  heldOutcome,
  type ParseInput,
  type ParseOutcome,
  type Parser,
  type Problem,
  type RunOutcome,
} from './parser.ts';
export { decodeText, encodingNote } from './text-encoding.ts';
