import { createDailyCsvParser, detectUdiff } from '#ingest/shared/price-support';
import { nseUdiffBhavcopyUrl } from './archive-url.ts';
import { NSE_UDIFF_COLUMNS } from './columns.ts';

/**
 * NSE's UDiFF cash-market bhavcopy. Only cash-market equity rows (Sgmt `CM`, FinInstrmTp
 * `STK`) become daily candles; other instruments in the file are left out without a problem.
 * A row published by another exchange (Src not `NSE`) is a problem: its ticker would not be
 * an NSE symbol.
 */
export const nseUdiffBhavcopyParser = createDailyCsvParser({
  format: 'nse-udiff-bhavcopy',
  version: 3,
  description: 'NSE UDiFF CM bhavcopy (BhavCopy_NSE_CM_0_0_0_YYYYMMDD_F_0000.csv): daily candles of equities',
  source: 'nse',
  exchange: 'NSE',
  columns: NSE_UDIFF_COLUMNS,
  detect: (fileName, head) => detectUdiff('NSE', fileName, head),
  archiveUrl: nseUdiffBhavcopyUrl,
  includes: (cell) => {
    if (cell('segment').toUpperCase() !== 'CM' || cell('instrumentType').toUpperCase() !== 'STK') return false;
    const publisher = cell('publisher').toUpperCase();
    return publisher === 'NSE' || `Src "${cell('publisher')}": expected NSE; an NSE UDiFF file has only NSE rows`;
  },
});
