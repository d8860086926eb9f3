import { readFileSync } from 'node:fs';
import { json, once, type Catalogue } from '../catalogue.ts';
import { under, type CorpusRoots } from '../corpus-roots.ts';
import { readCsvRecords } from '../read-csv.ts';
import type { BseScrip } from './udiff-from-legacy.ts';

/** BSE's "List of Scrips" download (`Equity.csv`): the whole 2024 list from ../shared, else the sample's trimmed copy. */
export function readBseScripList(roots: CorpusRoots): Array<Record<string, string>> {
  const file = under(roots.real, 'master/Equity.csv') ?? under(roots.repo, 'sample-data/master/Equity.csv');
  return file ? readCsvRecords(readFileSync(file, 'utf8')) : [];
}

export function bseScripsByCode(list: ReadonlyArray<Record<string, string>>): Map<string, BseScrip> {
  return new Map(
    list.map((r) => [r['Security Code'] ?? '', { isin: r['ISIN No'] ?? '', id: r['Security Id'] ?? '', name: r['Security Name'] ?? '' }]),
  );
}

const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** A row of `ListofScripData` from a row of `Equity.csv`, in the API's key order. */
const scripRow = (r: Record<string, string>) => ({
  SCRIP_CD: r['Security Code'] ?? '',
  Scrip_Name: r['Security Name'] ?? '',
  Status: r['Status'] ?? '',
  GROUP: (r['Group'] ?? '').trim(),
  FACE_VALUE: r['Face Value'] ?? '',
  ISIN_NUMBER: r['ISIN No'] ?? '',
  INDUSTRY: r['Industry'] ?? '',
  scrip_id: r['Security Id'] ?? '',
  Segment: r['Instrument'] || 'Equity',
  NSURL: `https://www.bseindia.com/stock-share-price/${slug(r['Issuer Name'] ?? '')}/${(r['Security Id'] ?? '').toLowerCase()}/${r['Security Code'] ?? ''}/`,
  Issuer_Name: r['Issuer Name'] ?? '',
  Mktcap: '',
});

/**
 * `ListofScripData`: no real response was found, so its rows are built from the real
 * `Equity.csv` rows in the API's key order (BseIndiaApi's one-record sample): codes and face
 * values as strings, the group trimmed, the quote-page URL in BSE's pattern; `Mktcap` is not
 * in the list and is empty. The query's non-empty parameters filter.
 */
export function addBseScripList(catalogue: Catalogue, list: () => ReadonlyArray<Record<string, string>>): void {
  const rows = once(() => list().map(scripRow));
  catalogue.apis.push({
    host: 'bse-api',
    path: '/BseIndiaAPI/api/ListofScripData/w',
    dataset: 'bse-scrip-master',
    example: 'Group=&Scripcode=&industry=&segment=Equity&status=',
    answer: (query) => {
      const wanted = (key: string) => query.get(key)?.trim() ?? '';
      const matches = (value: string, want: string) => !want || value.toLowerCase() === want.toLowerCase();
      return json(
        rows().filter(
          (row) =>
            matches(row.GROUP, wanted('Group')) &&
            matches(row.SCRIP_CD, wanted('Scripcode')) &&
            matches(row.INDUSTRY, wanted('industry')) &&
            matches(row.Segment, wanted('segment')) &&
            matches(row.Status, wanted('status')),
        ),
      );
    },
  });
}
