import type { Quote } from '#schemas/events';
import { parseExchangeDateTime } from '#domain/indian-text';
import type { Problem } from '#ingest/shared/parser';
import { cellOf, indexColumns, missingColumnsReason, readCsvTable } from '#ingest/shared/parse-support';
import { extraCellsMessage, usualCellCount } from '#ingest/shared/price-support';
import { POLL_TIME_COLUMN, QUOTE_KEYS } from './quote-keys.ts';
import { type QuotesRead } from './quotes-read.ts';
import { readQuote } from './read-quote.ts';

const COLUMNS = { ...QUOTE_KEYS, pollTime: POLL_TIME_COLUMN, stamp: 'secDate' };

/**
 * getQuote responses polled and flattened to CSV, one row per poll. A row is taken at its
 * poll time. NSE's own `secDate` is no substitute: it is stamped to the hour, lags the data
 * by up to an hour, and before about 10:00 still shows the previous day at 00:00:00, so a
 * row without a poll time cannot be placed in time and is a problem.
 */
export function readPollRows(bytes: Uint8Array, format: string): QuotesRead {
  const table = readCsvTable(bytes);
  if ('error' in table) return { ok: false, reason: table.error };
  const columns = indexColumns(table.header, COLUMNS);
  if (!columns.ok) return { ok: false, reason: missingColumnsReason(format, COLUMNS, columns.missing) };
  const problems: Problem[] = [...table.problems];
  const quotes: Quote[] = [];
  const usual = usualCellCount(table.header, table.records);
  for (const record of table.records) {
    const cell = (key: keyof typeof COLUMNS) => cellOf(record.cells, columns.index, key);
    const where = `line ${record.line}${cell('ticker') ? ` (${cell('ticker').toUpperCase()})` : ''}`;
    const extra = extraCellsMessage(record, usual);
    if (extra) {
      problems.push({ where, message: extra });
      continue;
    }
    const at = parseExchangeDateTime(cell('pollTime'));
    if (!at) {
      const message =
        `no poll time (${POLL_TIME_COLUMN} "${cell('pollTime')}"; expected e.g. 29/11/2019 15:26:57), and NSE's ` +
        `secDate "${cell('stamp')}" is an hour stamp that lags the data: the quote cannot be dated`;
      problems.push({ where, message });
      continue;
    }
    const quote = readQuote(cell, at, where);
    if (!quote.ok) problems.push(quote.problem);
    else {
      quotes.push(quote.quote);
      problems.push(...quote.notes);
    }
  }
  return { ok: true, quotes, records: table.records.length, problems };
}
