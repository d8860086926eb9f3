import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { SHARED_DATA } from './shared-data.ts';

/**
 * How the shared real corpus is ingested, as an operator would: lists that state no date
 * of their own with the date their copy was taken (their SOURCES.md), everything else as
 * it comes. Paths are relative to ../shared/data/real.
 */
export const REAL_CORPUS_RUNS: ReadonlyArray<{ readonly paths: readonly string[]; readonly knownAt?: string }> = [
  { paths: ['master/ListOfScrips.csv'], knownAt: '2015-07-13T00:00:00+05:30' },
  { paths: ['master/2022-04/EQUITY_L.csv'], knownAt: '2022-04-03T00:00:00+05:30' },
  { paths: ['master/EQUITY_L.csv', 'master/Equity.csv'], knownAt: '2024-03-08T00:00:00+05:30' },
  { paths: ['indices/ind_nifty500list_2020-05.csv'], knownAt: '2020-05-23T00:00:00+05:30' },
  { paths: ['indices/ind_nifty500list.csv'], knownAt: '2025-05-23T00:00:00+05:30' },
  { paths: ['indices/ind_nifty50list.csv'], knownAt: '2026-06-24T00:00:00+05:30' },
  { paths: ['prices_daily/nifty50_2000_2020/stock_metadata.csv'], knownAt: '2020-03-26T00:00:00+05:30' },
  { paths: ['nse_filings', 'shareholding', 'corporate_actions', 'prices_daily', 'bhavcopy', 'announcements'] },
];

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
