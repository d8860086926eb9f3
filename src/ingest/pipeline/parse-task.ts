import type { RawDocument } from './raw-documents.ts';
import type { SpillTo } from './spilled-events.ts';

/**
 * What a parse thread is given for one document: the document, the format its run found
 * when it received it, and the companies' holdings as UTF-8 JSON in shared memory (one
 * copy for every thread and task of a generation; a thread rebuilds its lookup only when
 * the generation moves).
 */
export interface ParseTask {
  readonly document: RawDocument;
  readonly detected: string | undefined;
  readonly holdings: { readonly generation: number; readonly buffer: SharedArrayBuffer };
  /** Where the parse puts its events when their text passes the limit (spilled-events.ts). */
  readonly spill?: SpillTo | undefined;
}
