import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { CSV, ZIP, fileBody, once, type Catalogue, type DatedSeries } from '../catalogue.ts';
import { under, type CorpusRoots } from '../corpus-roots.ts';
import { dayOfNamedMonth, eveningOf, monthNumber, nseNameParts } from '../dates.ts';
import { unzipOne, zipOne } from '../zip.ts';
import { readCsv } from '../read-csv.ts';
import { udiffFromLegacy } from './udiff-from-legacy.ts';

const LEGACY = 'nse-bhavcopy-legacy';
const UDIFF = 'nse-bhavcopy-udiff';
const FULL = 'nse-bhavcopy-full';

const legacyName = (day: string) => {
  const { dd, mon, yyyy } = nseNameParts(day);
  return `cm${dd}${mon}${yyyy}bhav.csv`;
};

export const nseLegacySeries: DatedSeries = {
  dataset: LEGACY,
  host: 'nse-archives',
  pathFor: (day) => `/content/historical/EQUITIES/${day.slice(0, 4)}/${nseNameParts(day).mon}/${legacyName(day)}.zip`,
  dayOf: (p) => {
    const m = /^\/content\/historical\/EQUITIES\/(\d{4})\/([A-Z]{3})\/cm(\d{2})([A-Z]{3})(\d{4})bhav\.csv\.zip$/.exec(p);
    return m && m[1] === m[5] && m[2] === m[4] ? dayOfNamedMonth(`${m[3]}-${m[4]}-${m[5]}`) : undefined;
  },
};

export const nseUdiffSeries: DatedSeries = {
  dataset: UDIFF,
  host: 'nse-archives',
  pathFor: (day) => `/content/cm/BhavCopy_NSE_CM_0_0_0_${day.replace(/-/g, '')}_F_0000.csv.zip`,
  dayOf: (p) => compactDay(/^\/content\/cm\/BhavCopy_NSE_CM_0_0_0_(\d{8})_F_0000\.csv\.zip$/.exec(p)?.[1]),
};

export const nseFullSeries: DatedSeries = {
  dataset: FULL,
  host: 'nse-archives',
  pathFor: (day) => {
    const { dd, mm, yyyy } = nseNameParts(day);
    return `/products/content/sec_bhavdata_full_${dd}${mm}${yyyy}.csv`;
  },
  dayOf: (p) => {
    const m = /^\/products\/content\/sec_bhavdata_full_(\d{2})(\d{2})(\d{4})\.csv$/.exec(p);
    return m ? compactDay(`${m[3]}${m[2]}${m[1]}`) : undefined;
  },
};

function compactDay(text: string | undefined): string | undefined {
  return text ? `${text.slice(0, 4)}-${text.slice(4, 6)}-${text.slice(6, 8)}` : undefined;
}

const list = (dir: string | undefined) => (dir ? readdirSync(dir).map((name) => path.join(dir, name)) : []);

/**
 * NSE's legacy CM bhavcopies: the real NSE zip when the corpus has it, else the real CSV
 * zipped here under its own member name; and, built from each, the UDiFF file of that day.
 */
function addLegacyAndUdiff(catalogue: Catalogue, roots: CorpusRoots, names: () => ReadonlyMap<string, string>): void {
  const byDay = new Map<string, { zip?: string; csv?: string }>();
  const candidates = [...list(under(roots.repo, 'sample-data/prices')), ...list(under(roots.real, 'bhavcopy'))];
  for (const file of candidates) {
    const m = /^cm(\d{2})([A-Z]{3})(\d{4})bhav\.csv(\.zip)?$/.exec(path.basename(file));
    const day = m && monthNumber(m[2]!) > 0 ? dayOfNamedMonth(`${m[1]}-${m[2]}-${m[3]}`) : undefined;
    if (!m || !day) continue;
    const entry = byDay.get(day) ?? {};
    if (m[4]) entry.zip ??= file;
    else entry.csv ??= file;
    byDay.set(day, entry);
  }
  for (const [day, { zip, csv }] of byDay) {
    const legacyCsv = once(() => (zip ? unzipOne(new Uint8Array(readFileSync(zip))) : new Uint8Array(readFileSync(csv!))));
    catalogue.files.push({
      host: 'nse-archives',
      path: nseLegacySeries.pathFor(day),
      dataset: LEGACY,
      ...(zip ? { file: zip } : { builtFrom: csv! }),
      contentType: ZIP,
      day,
      body: zip ? fileBody(zip) : once(() => zipOne(legacyName(day), legacyCsv(), eveningOf(day))),
    });
    const udiffName = path.basename(nseUdiffSeries.pathFor(day), '.zip');
    catalogue.files.push({
      host: 'nse-archives',
      path: nseUdiffSeries.pathFor(day),
      dataset: UDIFF,
      builtFrom: csv ?? zip!,
      contentType: ZIP,
      day,
      body: once(() => zipOne(udiffName, udiffFromLegacy(legacyCsv(), day, names()), eveningOf(day))),
    });
  }
}

/**
 * The project's constructed UDiFF fixture (values invented, see its PROVENANCE.md), zipped:
 * the one UDiFF file dated after NSE's switch of 8 July 2024.
 */
function addUdiffFixture(catalogue: Catalogue, roots: CorpusRoots): void {
  const file = under(roots.repo, 'fixtures/nse-udiff-bhavcopy/BhavCopy_NSE_CM_0_0_0_20240708_F_0000.csv');
  if (!file) return;
  const day = '2024-07-08';
  catalogue.files.push({
    host: 'nse-archives',
    path: nseUdiffSeries.pathFor(day),
    dataset: UDIFF,
    builtFrom: file,
    contentType: ZIP,
    day,
    body: once(() => zipOne(path.basename(file), new Uint8Array(readFileSync(file)), eveningOf(day))),
  });
}

/** Full bhavcopies (with delivery), each served under the trade date its DATE1 column states. */
function addFull(catalogue: Catalogue, roots: CorpusRoots): void {
  for (const file of list(under(roots.real, 'bhavcopy'))) {
    if (!/^sec_bhavdata_full.*\.csv$/.test(path.basename(file))) continue;
    const [header = [], first = []] = readCsv(readFileSync(file, 'utf8').slice(0, 4096));
    const day = dayOfNamedMonth(first[header.findIndex((name) => name.trim() === 'DATE1')]?.trim());
    if (!day) continue;
    catalogue.files.push({
      host: 'nse-archives',
      path: nseFullSeries.pathFor(day),
      dataset: FULL,
      file,
      contentType: CSV,
      day,
      body: fileBody(file),
    });
  }
}

export function addNseBhavcopies(catalogue: Catalogue, roots: CorpusRoots, names: () => ReadonlyMap<string, string>): void {
  addLegacyAndUdiff(catalogue, roots, names);
  addUdiffFixture(catalogue, roots);
  addFull(catalogue, roots);
  catalogue.series.push(nseLegacySeries, nseUdiffSeries, nseFullSeries);
}
