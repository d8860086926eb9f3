import { createRecordCsvParser } from '#ingest/shared/parse-support';
import { BSE_SCRIP_LIST_COLUMNS, BSE_SCRIP_LIST_OPTIONAL_COLUMNS } from './columns.ts';
import { readScripRow } from './read-scrip-row.ts';
import { bseScripEvents } from '#ingest/shared/bse-scrip';

/**
 * BSE's "List of Scrips" (Equity.csv, ListOfScrips.csv), both layouts: one CompanyRegistered
 * per equity ISIN, with BSE code, status and classification, and one InstrumentListed per
 * scrip. The file states no publication time, so knownAt is the connector's known time,
 * else the time it was received.
 */
export const bseScripListParser = createRecordCsvParser({
  format: 'bse-scrip-list',
  version: 2,
  description: 'BSE list of scrips (Equity.csv, ListOfScrips.csv): companies and their BSE listings',
  source: 'bse',
  priority: 0,
  columns: BSE_SCRIP_LIST_COLUMNS,
  optionalColumns: BSE_SCRIP_LIST_OPTIONAL_COLUMNS,
  readRow: readScripRow,
  toEvents: bseScripEvents,
});
