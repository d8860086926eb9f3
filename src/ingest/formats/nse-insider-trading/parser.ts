import { hasColumns, createRecordCsvParser } from '#ingest/shared/parse-support';
import { NSE_INSIDER_TRADING_COLUMNS, NSE_INSIDER_TRADING_SIGNATURE } from './columns.ts';
import { firstRecordCells } from './first-record-cells.ts';
import { insiderEvents } from './insider-events.ts';
import { readInsiderRow } from './read-insider-row.ts';

/**
 * NSE's insider-trading export (SEBI PIT Regulation 7(2)/7(3) disclosures, CSV). Insider
 * activity stays a document: one DisclosurePublished per record, event and document type
 * `insider_trading`, linked to the record's XBRL disclosure; no quantity or price becomes a
 * field. knownAt and publishedAt are the broadcast time (IST).
 */
export const nseInsiderTradingParser = createRecordCsvParser({
  format: 'nse-insider-trading',
  version: 1,
  description: 'NSE insider trading disclosures (CSV export): one disclosure document per record',
  source: 'nse',
  columns: NSE_INSIDER_TRADING_COLUMNS,
  detect: (_fileName, head) => hasColumns(firstRecordCells(head), NSE_INSIDER_TRADING_SIGNATURE),
  readRow: readInsiderRow,
  toEvents: insiderEvents,
});
