import type { Quote } from '../../../../schemas/events/prices.ts';
import type { Problem } from '../../shared/parser.ts';

/** The quotes of a snapshot file, or why it cannot be read. */
export type QuotesRead =
  | { readonly ok: true; readonly quotes: readonly Quote[]; readonly records: number; readonly problems: readonly Problem[] }
  | { readonly ok: false; readonly reason: string };
