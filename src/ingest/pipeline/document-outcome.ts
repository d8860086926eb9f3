import { deterministicEventId } from '../../platform/event-store/event-id.ts';
import type { Problem } from '../shared/parser.ts';

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
