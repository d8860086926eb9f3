// src/ingest/jobs: what other modules use of it, and the only file they import (docs/architecture.md "Modules").
export { contextAttributes, contextKeyOf, type DocumentContext, RELAY_ATTRIBUTE } from './document-context.ts';
export { type DocumentOutcome, outcomeEventId, outcomeReport, type OutcomeReport, OutcomeReportSchema } from './document-outcome.ts';
export type { BatchHandler, DeadLetterHandler, IngestBus, IngestJob, JobSettlement, PendingJobs, QueuedJob } from './ingest-bus.ts';
