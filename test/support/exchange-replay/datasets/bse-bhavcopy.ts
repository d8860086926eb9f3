import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { CSV, ZIP, once, type Catalogue, type DatedSeries } from '../catalogue.ts';
import { under, type CorpusRoots } from '../corpus-roots.ts';
import { eveningOf } from '../dates.ts';
import { zipOne } from '../zip.ts';
import { bseUdiffFromLegacy, type BseScrip } from './udiff-from-legacy.ts';

const compact = (day: string) => day.replace(/-/g, '');
const ddmmyy = (day: string) => `${day.slice(8, 10)}${day.slice(5, 7)}${day.slice(2, 4)}`;

export const bseUdiffSeries: DatedSeries = {
  dataset: 'bse-bhavcopy-udiff',
  host: 'bse-www',
  pathFor: (day) => `/download/BhavCopy/Equity/BhavCopy_BSE_CM_0_0_0_${compact(day)}_F_0000.CSV`,
  dayOf: (p) => {
    const m = /^\/download\/BhavCopy\/Equity\/BhavCopy_BSE_CM_0_0_0_(\d{4})(\d{2})(\d{2})_F_0000\.CSV$/.exec(p);
    return m ? `${m[1]}-${m[2]}-${m[3]}` : undefined;
  },
};

export const bseLegacySeries: DatedSeries = {
  dataset: 'bse-bhavcopy-legacy',
  host: 'bse-www',
  pathFor: (day) => `/download/BhavCopy/Equity/EQ${ddmmyy(day)}_CSV.ZIP`,
  dayOf: (p) => {
    const m = /^\/download\/BhavCopy\/Equity\/EQ(\d{2})(\d{2})(\d{2})_CSV\.ZIP$/.exec(p);
    return m ? `20${m[3]}-${m[2]}-${m[1]}` : undefined;
  },
};

/**
 * BSE's equity bhavcopies. No real UDiFF file of BSE exists in the corpus: each is built from
 * the real legacy `EQDDMMYY.CSV` of the same day (../shared; else the project's trimmed fixture
 * of real lines), which is also served zipped at its legacy URL.
 */
export function addBseBhavcopies(catalogue: Catalogue, roots: CorpusRoots, scrips: () => ReadonlyMap<string, BseScrip>): void {
  const dir = under(roots.real, 'bhavcopy') ?? under(roots.repo, 'fixtures/bse-equity-bhavcopy');
  for (const name of dir ? readdirSync(dir) : []) {
    const m = /^EQ(\d{2})(\d{2})(\d{2})\.CSV$/.exec(name);
    if (!m) continue;
    const file = path.join(dir!, name);
    const day = `20${m[3]}-${m[2]}-${m[1]}`;
    const legacy = once(() => new Uint8Array(readFileSync(file)));
    catalogue.files.push(
      {
        host: 'bse-www',
        path: bseLegacySeries.pathFor(day),
        dataset: bseLegacySeries.dataset,
        builtFrom: file,
        contentType: ZIP,
        day,
        body: once(() => zipOne(name, legacy(), eveningOf(day))),
      },
      {
        host: 'bse-www',
        path: bseUdiffSeries.pathFor(day),
        dataset: bseUdiffSeries.dataset,
        builtFrom: file,
        contentType: CSV,
        day,
        body: once(() => bseUdiffFromLegacy(legacy(), day, scrips())),
      },
    );
  }
  catalogue.series.push(bseUdiffSeries, bseLegacySeries);
}
