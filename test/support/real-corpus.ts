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
