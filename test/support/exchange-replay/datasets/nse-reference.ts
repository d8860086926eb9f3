import { readFileSync } from 'node:fs';
import { CSV, fileBody, type Catalogue } from '../catalogue.ts';
import { under, type CorpusRoots } from '../corpus-roots.ts';
import { readCsvRecords } from '../read-csv.ts';

const SNAPSHOT = 'api/nse/content-equities/2026-08-08';

/** The EQUITY_L.csv served: NSE's 2026 snapshot from ../shared, else the sample's 2024 list. */
export function equityListFile(roots: CorpusRoots): string | undefined {
  return under(roots.exchange, SNAPSHOT, 'EQUITY_L.csv') ?? under(roots.repo, 'sample-data/master/EQUITY_L.csv');
}

/** Symbol → name and symbol → ISIN, from every EQUITY_L the corpus holds (newest list wins). */
export function equityNames(roots: CorpusRoots): { names: Map<string, string>; isins: Map<string, string> } {
  const names = new Map<string, string>();
  const isins = new Map<string, string>();
  const files = [under(roots.repo, 'sample-data/master/EQUITY_L.csv'), under(roots.exchange, SNAPSHOT, 'EQUITY_L.csv')];
  for (const file of files.filter((f): f is string => f !== undefined)) {
    for (const r of readCsvRecords(readFileSync(file, 'utf8'))) {
      names.set(r['SYMBOL'] ?? '', r['NAME OF COMPANY'] ?? '');
      isins.set(r['SYMBOL'] ?? '', r['ISIN NUMBER'] ?? '');
    }
  }
  return { names, isins };
}

/**
 * NSE's reference lists on the archive host, real bytes: EQUITY_L.csv and symbolchange.csv.
 * No real namechange.csv exists anywhere we looked, and its rows (old name, new name, date)
 * cannot be derived from the lists we have, so it is not served (404).
 */
export function addNseReference(catalogue: Catalogue, roots: CorpusRoots): void {
  const equity = equityListFile(roots);
  const symbols = under(roots.exchange, SNAPSHOT, 'symbolchange.csv');
  for (const [name, file] of [
    ['EQUITY_L.csv', equity],
    ['symbolchange.csv', symbols],
  ] as const) {
    if (file)
      catalogue.files.push({
        host: 'nse-archives',
        path: `/content/equities/${name}`,
        dataset: 'nse-reference',
        file,
        contentType: CSV,
        body: fileBody(file),
      });
  }
}
