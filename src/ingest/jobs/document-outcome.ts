import { z } from 'zod';
import { DocumentParsedSchema, DocumentRejectedSchema } from '#schemas/events';
import { deterministicEventId } from '#platform/event-id';
import type { Problem } from '#ingest/shared/parser';

/** What became of one document. */
export interface DocumentOutcome {
  readonly documentId: string;
  readonly fileName: string;
  readonly format: string;
  readonly parserVersion: number;
  readonly status: 'parsed' | 'rejected';
  readonly rows: number;
  readonly events: number;
  readonly problemCount: number;
  readonly problems: readonly Problem[];
  readonly reason: string | null;
}

/**
 * The id of the event recording a document's outcome under one parser version and context.
 * Known in advance, so a caller can tell whether a document was already handled so.
 */
export const outcomeEventId = (documentId: string, format: string, parserVersion: number, contextKey: string) =>
  deterministicEventId(documentId, `outcome:${format}:v${parserVersion}${contextKey ? `@${contextKey}` : ''}`);

/**
 * A document's outcome event as appended, its type and data: what the worker reports
 * with a job it completes, so whoever queued the job learns the outcome from the queue.
 */
export const OutcomeReportSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('DocumentParsed'), data: DocumentParsedSchema }),
  z.object({ type: z.literal('DocumentRejected'), data: DocumentRejectedSchema }),
]);
export type OutcomeReport = z.infer<typeof OutcomeReportSchema>;

/** The outcome event's type and data: problems and reasons cut to what the event keeps. */
export function outcomeReport(outcome: DocumentOutcome): OutcomeReport {
  const problems = outcome.problems.map((p) => ({ where: p.where.slice(0, 200), message: p.message.slice(0, 1000) }));
  const { documentId, format, parserVersion } = outcome;
  return outcome.status === 'parsed'
    ? {
        type: 'DocumentParsed',
        data: {
          documentId,
          format,
          parserVersion,
          rows: outcome.rows,
          events: outcome.events,
          problems,
          problemCount: outcome.problemCount,
        },
      }
    : {
        type: 'DocumentRejected',
        data: { documentId, format, parserVersion, reason: (outcome.reason ?? 'rejected').slice(0, 2000), problems },
      };
}
