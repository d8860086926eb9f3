import type { Quote } from '#schemas/events';
import type { Problem } from '#ingest/shared/parser';

/** The quotes of a snapshot file, or why it cannot be read. */
export type QuotesRead =
  | { readonly ok: true; readonly quotes: readonly Quote[]; readonly records: number; readonly problems: readonly Problem[] }
  | { readonly ok: false; readonly reason: string };
