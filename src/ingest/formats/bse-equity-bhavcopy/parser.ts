import { createDailyCsvParser } from '#ingest/shared/price-support';
import { bseFileDate } from './bse-file-date.ts';
import { bseEquityBhavcopyUrl } from './archive-url.ts';
import { BSE_EQUITY_BHAVCOPY_COLUMNS } from './columns.ts';

/**
 * BSE's equity bhavcopy (EQDDMMYY.CSV, inside EQDDMMYY_CSV.ZIP): one daily candle per scrip
 * code, traded value in rupees. The trading day is read from the file name.
 */
export const bseEquityBhavcopyParser = createDailyCsvParser({
  format: 'bse-equity-bhavcopy',
  version: 3,
  description: 'BSE equity bhavcopy (EQDDMMYY.CSV): daily candles of every scrip',
  source: 'bse',
  exchange: 'BSE',
  columns: BSE_EQUITY_BHAVCOPY_COLUMNS,
  fileDate: { read: bseFileDate, expected: 'EQDDMMYY.CSV (e.g. EQ060521.CSV for 6 May 2021)' },
  otherColumns: ['SC_NAME', 'SC_TYPE'],
  archiveUrl: bseEquityBhavcopyUrl,
});
