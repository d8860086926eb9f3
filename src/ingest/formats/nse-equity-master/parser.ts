import { createRecordCsvParser } from '#ingest/shared/parse-support';
import { NSE_EQUITY_MASTER_COLUMNS } from './columns.ts';
import { nseMasterEvents } from './master-events.ts';
import { readMasterRow } from './read-master-row.ts';

/**
 * NSE's "Securities available for Equity segment" (EQUITY_L.csv): one CompanyRegistered per
 * equity ISIN and one InstrumentListed per NSE security. The file states no publication
 * time, so knownAt is the connector's known time, else the time it was received.
 */
export const nseEquityMasterParser = createRecordCsvParser({
  format: 'nse-equity-master',
  version: 1,
  description: 'NSE equity segment master (EQUITY_L.csv): companies and their NSE listings',
  source: 'nse',
  priority: 0,
  columns: NSE_EQUITY_MASTER_COLUMNS,
  readRow: readMasterRow,
  toEvents: nseMasterEvents,
});
