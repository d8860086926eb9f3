import type { EventEmitter, ParseInput } from '#ingest/shared/parser';

/** What a format's event building gets: the input, the emitter of its events and the parser's version. */
export interface ParseContext {
  readonly input: ParseInput;
  readonly emitter: EventEmitter;
  readonly version: number;
}
