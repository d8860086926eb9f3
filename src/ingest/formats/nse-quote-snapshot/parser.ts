import { createEventEmitter, type ParseInput, type ParseOutcome, type Parser, headOf } from '#ingest/shared/parser';
import { rowsOutcome, emitChecked } from '#ingest/shared/parse-support';
import { detectQuote, isJsonHead } from './detect-quote.ts';
import { readPollRows } from './read-poll-rows.ts';
import { readQuoteJson } from './read-quote-json.ts';

const FORMAT = 'nse-quote-snapshot';
const VERSION = 1;

/**
 * The file's quotes as one QuotesRecorded event, known at its latest quote's time (a file of
 * polls is complete only then).
 */
function parseQuotes(input: ParseInput): ParseOutcome {
  const read = isJsonHead(headOf(input.bytes)) ? readQuoteJson(input.bytes) : readPollRows(input.bytes, FORMAT);
  if (!read.ok) return { ok: false, reason: read.reason, problems: [] };
  if (read.quotes.length === 0) return rowsOutcome([], read.records, read.problems);
  const knownAt = read.quotes.reduce((latest, quote) => (quote.at > latest ? quote.at : latest), '');
  const emitter = createEventEmitter(input, { format: FORMAT, parserVersion: VERSION, source: 'nse' });
  const data = { exchange: 'NSE', quotes: read.quotes, parserVersion: VERSION };
  const emitted = emitChecked(emitter, 'QuotesRecorded', data, 'quotes', knownAt);
  if (!emitted.ok) return { ok: false, reason: emitted.message, problems: read.problems };
  return rowsOutcome([emitted.event], read.records, read.problems);
}

/**
 * NSE getQuote equity snapshots (the pre-2020 nseindia.com quote JSON, or polls of it
 * flattened to CSV): last price, day's open/high/low, previous close, change, volume, value
 * and 52-week range, each at the moment it was taken.
 */
export const nseQuoteSnapshotParser: Parser = {
  format: FORMAT,
  version: VERSION,
  description: 'NSE getQuote equity snapshots (JSON, or polls flattened to CSV): quotes',
  priority: 5,
  detect: (_fileName, head) => detectQuote(head),
  parse: parseQuotes,
};
