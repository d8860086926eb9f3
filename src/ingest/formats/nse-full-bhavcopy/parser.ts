import { createDailyCsvParser } from '#ingest/shared/price-support';
import { nseFullBhavcopyUrl } from './archive-url.ts';
import { NSE_FULL_BHAVCOPY_COLUMNS } from './columns.ts';

/**
 * NSE's full bhavcopy with delivery data: one daily candle per security and series. The
 * turnover is in lakhs (10^5 rupees) with two decimals, so the value in rupees is exact but
 * only to the nearest thousand rupees.
 */
export const nseFullBhavcopyParser = createDailyCsvParser({
  format: 'nse-full-bhavcopy',
  version: 3,
  description: 'NSE full bhavcopy with delivery (sec_bhavdata_full_DDMMYYYY.csv): daily candles of every security',
  source: 'nse',
  exchange: 'NSE',
  columns: NSE_FULL_BHAVCOPY_COLUMNS,
  value: { power: 5 },
  otherColumns: ['DELIV_QTY', 'DELIV_PER'],
  archiveUrl: nseFullBhavcopyUrl,
});
