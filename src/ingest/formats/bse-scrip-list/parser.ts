import { createEventEmitter } from '../../shared/event-emitter.ts';
import type { Parser } from '../../shared/parser.ts';
import { hasColumns, headerCells, normaliseHeaderCell } from '../../shared/parse-support/header-cells.ts';
import { rowsOutcome } from '../../shared/parse-support/parse-outcome.ts';
import { readCsvRows } from '../../shared/parse-support/read-csv-rows.ts';
import { BSE_SCRIP_LIST_COLUMNS, BSE_SCRIP_LIST_OPTIONAL_COLUMNS, type BseScripListOptionalColumn } from './columns.ts';
import { readScripRow } from './read-scrip-row.ts';
import { bseScripEvents } from './scrip-events.ts';

const FORMAT = 'bse-scrip-list';
const VERSION = 2;

/** Where the columns only one layout has are, if the header has them. */
function optionalColumns(header: readonly string[]): Partial<Record<BseScripListOptionalColumn, number>> {
  const cells = header.map(normaliseHeaderCell);
  const entries = Object.entries(BSE_SCRIP_LIST_OPTIONAL_COLUMNS) as [BseScripListOptionalColumn, string][];
  return Object.fromEntries(
    entries.map(([key, name]) => [key, cells.indexOf(normaliseHeaderCell(name))]).filter(([, at]) => Number(at) >= 0),
  ) as Partial<Record<BseScripListOptionalColumn, number>>;
}

/**
 * BSE's "List of Scrips" (Equity.csv, ListOfScrips.csv), both layouts: one CompanyRegistered
 * per equity ISIN, with BSE code, status and classification, and one InstrumentListed per
 * scrip. The file states no publication time, so knownAt is the connector's known time,
 * else the time it was received.
 */
export const bseScripListParser: Parser = {
  format: FORMAT,
  version: VERSION,
  description: 'BSE list of scrips (Equity.csv, ListOfScrips.csv): companies and their BSE listings',
  priority: 0,
  detect: (_fileName, head) => hasColumns(headerCells(head), Object.values(BSE_SCRIP_LIST_COLUMNS)),
  parse(input) {
    const read = readCsvRows(input.bytes, FORMAT, BSE_SCRIP_LIST_COLUMNS, (index, header) => {
      const columns = { ...index, ...optionalColumns(header) };
      return (record) => readScripRow(record, columns);
    });
    if (!read.ok) return read;
    const emitter = createEventEmitter(input, { format: FORMAT, parserVersion: VERSION, source: 'bse' });
    const { events, problems } = bseScripEvents(read.rows, emitter);
    return rowsOutcome(events, read.count, [...read.problems, ...problems]);
  },
};
