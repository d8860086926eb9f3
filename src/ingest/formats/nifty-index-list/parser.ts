import { createRecordCsvParser } from '#ingest/shared/parse-support';
import { NIFTY_INDEX_LIST_COLUMNS } from './columns.ts';
import { niftyConstituentEvents } from './constituent-events.ts';
import { readConstituentRow } from './read-constituent-row.ts';

/**
 * A NIFTY index constituent list (ind_nifty50list.csv, ind_nifty500list.csv): each
 * constituent's company with its NSE symbol, and its sector from the list's Industry
 * column. The file states no publication time, so knownAt is the connector's known
 * time, else the time it was received.
 */
export const niftyIndexListParser = createRecordCsvParser({
  format: 'nifty-index-list',
  version: 1,
  description: 'NIFTY index constituent lists (ind_nifty*list.csv): companies with their sector',
  source: 'niftyindices',
  priority: 0,
  columns: NIFTY_INDEX_LIST_COLUMNS,
  readRow: readConstituentRow,
  toEvents: niftyConstituentEvents,
});
