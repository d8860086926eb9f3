import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { SHARED_DATA } from './shared-data.ts';

/**
 * What of the shared real corpus is ingested, in one run and with no date given for any
 * file, as a new user does: the reference lists date themselves by their content
 * (docs/identity.md, "Undated lists"). Paths are relative to ../shared/data/real.
 */
export const REAL_CORPUS_PATHS: readonly string[] = [
  'master',
  'indices',
  'nse_filings',
  'shareholding',
  'corporate_actions',
  'prices_daily',
  'bhavcopy',
  'announcements',
];

/**
 * The filings corpus companies whose equity ISIN changed between two of the lists, with the
 * ISIN the newest list naming them shows (read from the files): arrival order gave each the
 * older one (HDFC Bank INE040A01018, its results listing's, or INE040A01026 of 2015).
 */
export const NEWEST_ISINS: Readonly<Record<string, string>> = {
  APOLLOHOSP: 'INE437A01024',
  ASIANPAINT: 'INE021A01026',
  AUROPHARMA: 'INE406A01037',
  AXISBANK: 'INE238A01034',
  BAJAJFINSV: 'INE918I01026',
  BAJFINANCE: 'INE296A01032',
  BANKBARODA: 'INE028A01039',
  BEL: 'INE263A01024',
  BHEL: 'INE257A01026',
  BRITANNIA: 'INE216A01030',
  DRREDDY: 'INE089A01031',
  EICHERMOT: 'INE066A01021',
  GRASIM: 'INE047A01021',
  HDFCBANK: 'INE040A01034',
  ICICIBANK: 'INE090A01021',
  JSWSTEEL: 'INE019A01038',
  KOTAKBANK: 'INE237A01036',
  LUPIN: 'INE326A01037',
  NESTLEIND: 'INE239A01024',
  ONGC: 'INE213A01029',
  SBIN: 'INE062A01020',
  SHRIRAMFIN: 'INE721A01047',
  SUNPHARMA: 'INE044A01036',
  TATAPOWER: 'INE245A01021',
  TATASTEEL: 'INE081A01020',
  TECHM: 'INE669C01036',
  TITAN: 'INE280A01028',
  TRENT: 'INE849A01020',
  YESBANK: 'INE528G01035',
};

export const realPath = (relative: string) => path.join(SHARED_DATA, relative);

/** The symbol of each NSE results listing of nse_filings/index, and the XBRL file names it lists. */
export function nseFilingsIndex(): Array<{ symbol: string; files: Set<string> }> {
  const dir = realPath('nse_filings/index');
  return readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => {
      const entries = JSON.parse(readFileSync(path.join(dir, name), 'utf8')) as Array<{ symbol: string; xbrl: string }>;
      return {
        symbol: entries[0]?.symbol ?? name,
        files: new Set(entries.map((e) => e.xbrl.split('/').pop() ?? '').filter((file) => file.endsWith('.xml'))),
      };
    });
}
