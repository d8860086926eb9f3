import { createEventEmitter, type ParseInput, type ParseOutcome, type Parser } from '#ingest/shared/parser';
import type { ParseContext } from './parse-context.ts';

/** What every format of records states about itself. */
export interface RecordFormat {
  readonly format: string;
  readonly version: number;
  readonly description: string;
  /** Publisher of the content: nse, bse, niftyindices, ... */
  readonly source: string;
  /** Lower runs first (master lists: 0); 5 when not said. */
  readonly priority?: number;
}

/** The Parser of a format of records, its `parse` given the context its events are built in. */
export function recordFormatParser(config: RecordFormat, detect: Parser['detect'], parse: (context: ParseContext) => ParseOutcome): Parser {
  const { format, version, source } = config;
  const contextOf = (input: ParseInput): ParseContext => ({
    input,
    emitter: createEventEmitter(input, { format, parserVersion: version, source }),
    version,
  });
  return {
    format,
    version,
    description: config.description,
    priority: config.priority ?? 5,
    detect,
    parse: (input) => parse(contextOf(input)),
  };
}
