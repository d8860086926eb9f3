import { createEventEmitter } from '../../shared/event-emitter.ts';
import type { Parser } from '../../shared/parser.ts';
import { hasColumns, headerCells } from '../../shared/parse-support/header-cells.ts';
import { rowsOutcome } from '../../shared/parse-support/parse-outcome.ts';
import { readCsvRows } from '../../shared/parse-support/read-csv-rows.ts';
import { NIFTY_INDEX_LIST_COLUMNS } from './columns.ts';
import { niftyConstituentEvents } from './constituent-events.ts';
import { readConstituentRow } from './read-constituent-row.ts';

const FORMAT = 'nifty-index-list';
const VERSION = 1;

/**
 * A NIFTY index constituent list (ind_nifty50list.csv, ind_nifty500list.csv): each
 * constituent's company with its NSE symbol, and its sector from the list's Industry
 * column. The file states no publication time, so knownAt is the connector's known
 * time, else the time it was received.
 */
export const niftyIndexListParser: Parser = {
  format: FORMAT,
  version: VERSION,
  description: 'NIFTY index constituent lists (ind_nifty*list.csv): companies with their sector',
  priority: 0,
  detect: (_fileName, head) => hasColumns(headerCells(head), Object.values(NIFTY_INDEX_LIST_COLUMNS)),
  parse(input) {
    const read = readCsvRows(input.bytes, FORMAT, NIFTY_INDEX_LIST_COLUMNS, (index) => (record) =>
      readConstituentRow(record, index),
    );
    if (!read.ok) return read;
    const emitter = createEventEmitter(input, { format: FORMAT, parserVersion: VERSION, source: 'niftyindices' });
    const { events, problems } = niftyConstituentEvents(read.rows, emitter);
    return rowsOutcome(events, read.count, [...read.problems, ...problems]);
  },
};
