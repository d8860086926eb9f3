import { createDailyCsvParser } from '#ingest/shared/price-support';
import { nseCmBhavcopyUrl } from './archive-url.ts';
import { NSE_CM_BHAVCOPY_COLUMNS } from './columns.ts';

/**
 * NSE's legacy capital-market bhavcopy (cmDDMMMYYYYbhav.csv, 1994 to July 2024): one daily
 * candle per security and series, traded value in rupees, ISIN and trade count stated.
 */
export const nseCmBhavcopyParser = createDailyCsvParser({
  format: 'nse-cm-bhavcopy',
  version: 3,
  description: 'NSE legacy CM bhavcopy (cmDDMMMYYYYbhav.csv): daily candles of every security',
  source: 'nse',
  exchange: 'NSE',
  columns: NSE_CM_BHAVCOPY_COLUMNS,
  otherColumns: ['LAST'],
  archiveUrl: nseCmBhavcopyUrl,
});
