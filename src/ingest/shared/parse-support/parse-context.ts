import type { EventEmitter } from '#ingest/shared/event-emitter';
import type { ParseInput } from '#ingest/shared/parser';

/** What a format's event building gets: the input, the emitter of its events and the parser's version. */
export interface ParseContext {
  readonly input: ParseInput;
  readonly emitter: EventEmitter;
  readonly version: number;
}
