import { createDailyCsvParser } from '#ingest/shared/price-support';
import { NSE_SECURITY_HISTORY_COLUMNS } from './columns.ts';

/**
 * NSE's security-wise historical price-volume report ("DD-MM-YYYY-TO-DD-MM-YYYY<SYMBOL>ALLN.csv"):
 * one daily candle per trading day and series of one symbol.
 */
export const nseSecurityHistoryParser = createDailyCsvParser({
  format: 'nse-security-history',
  version: 3,
  description: 'NSE security-wise historical price, volume and deliverable position report: daily candles of one symbol',
  source: 'nse',
  exchange: 'NSE',
  oneSecurity: true,
  columns: NSE_SECURITY_HISTORY_COLUMNS,
  otherColumns: ['Average Price', 'Deliverable Qty'],
});
