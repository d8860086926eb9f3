import { createDailyCsvParser, detectUdiff } from '#ingest/shared/price-support';
import { bseUdiffBhavcopyUrl } from './archive-url.ts';
import { BSE_UDIFF_COLUMNS } from './columns.ts';

/**
 * BSE's UDiFF equity bhavcopy (BhavCopy_BSE_CM_0_0_0_YYYYMMDD_F_0000.CSV): NSE's UDiFF layout
 * with BSE's rows. Cash-market equity rows (Sgmt `CM`, FinInstrmTp `STK`) become daily BSE
 * candles under the scrip code, as in BSE's older bhavcopy, now with the ISIN; other rows are
 * left out without a problem. A row of another exchange (Src not `BSE`) is a problem.
 */
export const bseUdiffBhavcopyParser = createDailyCsvParser({
  format: 'bse-udiff-bhavcopy',
  version: 1,
  description: 'BSE UDiFF equity bhavcopy (BhavCopy_BSE_CM_0_0_0_YYYYMMDD_F_0000.CSV): daily candles of equities',
  source: 'bse',
  exchange: 'BSE',
  columns: BSE_UDIFF_COLUMNS,
  detect: (fileName, head) => detectUdiff('BSE', fileName, head),
  archiveUrl: bseUdiffBhavcopyUrl,
  includes: (cell) => {
    if (cell('segment').toUpperCase() !== 'CM' || cell('instrumentType').toUpperCase() !== 'STK') return false;
    return cell('publisher').toUpperCase() === 'BSE' || `Src "${cell('publisher')}": expected BSE; a BSE UDiFF file has only BSE rows`;
  },
});
