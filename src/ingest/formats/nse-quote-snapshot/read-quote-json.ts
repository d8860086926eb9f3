import type { Quote } from '#schemas/events';
import { parseExchangeDateTime } from '#domain/indian-text';
import type { Problem } from '#ingest/shared/parser';
import { decodeText } from '#ingest/shared/parse-support';
import { JSON_TIME_KEY, QUOTE_KEYS, type QuoteKey } from './quote-keys.ts';
import type { QuotesRead } from './quotes-read.ts';
import { readQuote } from './read-quote.ts';

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A field as text: NSE wrote every value as a string; numbers are accepted too. */
const textOf = (value: unknown) => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '');

/**
 * One getQuote JSON response: `{"tradedDate": ..., "data": [{...}], ..., "lastUpdateTime":
 * "27-MAR-2019 15:59:59"}`. Every entry of `data` is taken at `lastUpdateTime`, NSE's
 * timestamp of the response.
 */
export function readQuoteJson(bytes: Uint8Array): QuotesRead {
  let document: unknown;
  try {
    document = JSON.parse(decodeText(bytes));
  } catch (error) {
    return { ok: false, reason: `not readable JSON: ${error instanceof Error ? error.message : String(error)}` };
  }
  if (!isRecord(document) || !Array.isArray(document['data'])) {
    return { ok: false, reason: 'not a getQuote response: expected an object with a "data" array' };
  }
  const at = parseExchangeDateTime(textOf(document[JSON_TIME_KEY]));
  if (!at)
    return {
      ok: false,
      reason: `${JSON_TIME_KEY} "${textOf(document[JSON_TIME_KEY])}" is not a date and time: expected e.g. 27-MAR-2019 15:59:59`,
    };
  const problems: Problem[] = [];
  const quotes: Quote[] = [];
  for (const [i, entry] of document['data'].entries()) {
    const record = isRecord(entry) ? entry : {};
    const field = (key: QuoteKey) => textOf(record[QUOTE_KEYS[key]]).trim();
    const quote = readQuote(field, at, `data[${i}]${field('ticker') ? ` (${field('ticker').toUpperCase()})` : ''}`);
    if (!quote.ok) problems.push(quote.problem);
    else {
      quotes.push(quote.quote);
      problems.push(...quote.notes);
    }
  }
  return { ok: true, quotes, records: document['data'].length, problems };
}
