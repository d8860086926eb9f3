import { createEventEmitter } from '../../shared/event-emitter.ts';
import type { Parser } from '../../shared/parser.ts';
import { hasColumns, headerCells } from '../../shared/parse-support/header-cells.ts';
import { rowsOutcome } from '../../shared/parse-support/parse-outcome.ts';
import { readCsvRows } from '../../shared/parse-support/read-csv-rows.ts';
import { NSE_EQUITY_MASTER_COLUMNS } from './columns.ts';
import { nseMasterEvents } from './master-events.ts';
import { readMasterRow } from './read-master-row.ts';

const FORMAT = 'nse-equity-master';
const VERSION = 1;

/**
 * NSE's "Securities available for Equity segment" (EQUITY_L.csv): one CompanyRegistered per
 * equity ISIN and one InstrumentListed per NSE security. The file states no publication
 * time, so knownAt is the connector's known time, else the time it was received.
 */
export const nseEquityMasterParser: Parser = {
  format: FORMAT,
  version: VERSION,
  description: 'NSE equity segment master (EQUITY_L.csv): companies and their NSE listings',
  priority: 0,
  detect: (_fileName, head) => hasColumns(headerCells(head), Object.values(NSE_EQUITY_MASTER_COLUMNS)),
  parse(input) {
    const read = readCsvRows(input.bytes, FORMAT, NSE_EQUITY_MASTER_COLUMNS, (index) => (record) =>
      readMasterRow(record, index),
    );
    if (!read.ok) return read;
    const emitter = createEventEmitter(input, { format: FORMAT, parserVersion: VERSION, source: 'nse' });
    const { events, problems } = nseMasterEvents(read.rows, emitter, input.companies);
    return rowsOutcome(events, read.count, [...read.problems, ...problems]);
  },
};
