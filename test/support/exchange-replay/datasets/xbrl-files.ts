import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { XML, fileBody, type Catalogue } from '../catalogue.ts';
import { under, type CorpusRoots } from '../corpus-roots.ts';

/** The scraper's prefix on the corpus's XBRL names: `09Jan2025_2139_` (filing date and time). */
const SCRAPER_PREFIX = /^\d{2}[A-Z][a-z]{2}\d{4}_\d{4}_/;

function xmlFiles(dir: string | undefined, depth: number): string[] {
  if (!dir) return [];
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (name.endsWith('.xml')) return [full];
    return depth > 0 && statSync(full).isDirectory() ? xmlFiles(full, depth - 1) : [];
  });
}

/**
 * NSE's XBRL documents in the corpus, by the file name NSE serves them under (the last part of
 * a listing row's `xbrl` URL): the scraper's prefix removed, the first copy found kept.
 */
export function xbrlFilesByName(roots: CorpusRoots): Map<string, string> {
  const files = [
    ...xmlFiles(under(roots.repo, 'sample-data/results/xbrl'), 1),
    ...xmlFiles(under(roots.real, 'nse_filings/xbrl'), 1),
    ...xmlFiles(under(roots.real, 'xbrl_results'), 0),
    ...xmlFiles(under(roots.exchange, 'integrated_filings'), 0),
  ];
  const byName = new Map<string, string>();
  for (const file of files) {
    const name = path.basename(file).replace(SCRAPER_PREFIX, '');
    if (!byName.has(name)) byName.set(name, file);
  }
  return byName;
}

/** NSE's archive URL of an XBRL document → its name, for URLs on that path only. */
export function xbrlNameOf(url: string | null | undefined): string | undefined {
  return /^https:\/\/nsearchives\.nseindia\.com\/corporate\/xbrl\/([^/?#]+\.xml)$/.exec(url ?? '')?.[1];
}

/**
 * Every XBRL document at `/corporate/xbrl/<name>` of the archive host, dated by the earliest
 * listing row naming it (undated when no row does). A row whose document is not in the corpus
 * is answered 404, as NSE answers a link it has lost.
 */
export function addXbrlFiles(catalogue: Catalogue, files: ReadonlyMap<string, string>, days: ReadonlyMap<string, string>): void {
  for (const [name, file] of files) {
    const day = days.get(name);
    catalogue.files.push({
      host: 'nse-archives',
      path: `/corporate/xbrl/${name}`,
      dataset: name.startsWith('INTEGRATED_FILING') ? 'nse-integrated-filing-xbrl' : 'nse-results-xbrl',
      file,
      contentType: XML,
      ...(day ? { day } : {}),
      body: fileBody(file),
    });
  }
}
