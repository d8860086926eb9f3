import { createEventEmitter } from '../../shared/event-emitter.ts';
import type { Parser } from '../../shared/parser.ts';
import { hasColumns } from '../../shared/parse-support/header-cells.ts';
import { rowsOutcome } from '../../shared/parse-support/parse-outcome.ts';
import { readCsvRows } from '../../shared/parse-support/read-csv-rows.ts';
import { NSE_INSIDER_TRADING_COLUMNS, NSE_INSIDER_TRADING_SIGNATURE } from './columns.ts';
import { firstRecordCells } from './first-record-cells.ts';
import { insiderEvents } from './insider-events.ts';
import { readInsiderRow } from './read-insider-row.ts';

const FORMAT = 'nse-insider-trading';
const VERSION = 1;

/**
 * NSE's insider-trading export (SEBI PIT Regulation 7(2)/7(3) disclosures, CSV). Insider
 * activity stays a document: one DisclosurePublished per record, event and document type
 * `insider_trading`, linked to the record's XBRL disclosure; no quantity or price becomes a
 * field. knownAt and publishedAt are the broadcast time (IST).
 */
export const nseInsiderTradingParser: Parser = {
  format: FORMAT,
  version: VERSION,
  description: 'NSE insider trading disclosures (CSV export): one disclosure document per record',
  priority: 5,
  detect: (_fileName, head) => hasColumns(firstRecordCells(head), NSE_INSIDER_TRADING_SIGNATURE),
  parse(input) {
    const read = readCsvRows(input.bytes, FORMAT, NSE_INSIDER_TRADING_COLUMNS, (index) => (record) => readInsiderRow(record, index));
    if (!read.ok) return read;
    const emitter = createEventEmitter(input, { format: FORMAT, parserVersion: VERSION, source: 'nse' });
    const { events, problems } = insiderEvents(read.rows, emitter, input.companies, VERSION);
    return rowsOutcome(events, read.count, [...read.problems, ...problems]);
  },
};
