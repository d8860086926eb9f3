import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { json, type Catalogue } from '../catalogue.ts';
import { under, type CorpusRoots } from '../corpus-roots.ts';
import { dayOfDmy, dayOfNamedMonth } from '../dates.ts';
import { cappedWindow, selectRows, sortKeyOf, type DatedRow } from '../window.ts';
import { xbrlNameOf } from './xbrl-files.ts';

/** A row of NSE's `corporates-financial-results` listing, as NSE writes it. */
type ResultsRow = Record<string, unknown> & { seqNumber?: string; symbol?: string; period?: string; xbrl?: string };

const jsonFiles = (dir: string | undefined) =>
  dir
    ? readdirSync(dir)
        .filter((name) => name.endsWith('.json'))
        .sort()
        .map((name) => path.join(dir, name))
    : [];

const text = (value: unknown) => (typeof value === 'string' ? value : undefined);

/** The day a row was disseminated: its filing date, else its broadcast or dissemination time (some rows say `-`). */
const stampOf = (row: ResultsRow) =>
  [row['filingDate'], row['broadCastDate'], row['exchdisstime']].map(text).find((value) => dayOfNamedMonth(value) !== undefined);

/**
 * Every results-listing row of the corpus (per-company listings, and the real date-window
 * response), each once by `seqNumber`.
 */
export function readResultsRows(roots: CorpusRoots): Array<DatedRow<ResultsRow>> {
  const files = [
    ...jsonFiles(under(roots.repo, 'sample-data/results/index')),
    ...jsonFiles(under(roots.real, 'xbrl_results/nse_results_index')),
    ...jsonFiles(under(roots.real, 'nse_filings/index')),
    ...jsonFiles(under(roots.exchange, 'api/nse/corporates-financial-results')),
  ];
  const bySeq = new Map<string, DatedRow<ResultsRow>>();
  for (const file of files) {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as unknown;
    for (const row of Array.isArray(parsed) ? (parsed as ResultsRow[]) : []) {
      const key = row.seqNumber ?? JSON.stringify(row);
      if (bySeq.has(key)) continue;
      const stamp = stampOf(row);
      const day = dayOfNamedMonth(stamp);
      bySeq.set(key, { day, sortKey: sortKeyOf(day, stamp), symbol: row.symbol, row });
    }
  }
  return [...bySeq.values()];
}

/** The first day each XBRL document was listed, by its NSE file name. */
export function listedDays(rows: ReadonlyArray<DatedRow<{ xbrl?: unknown }>>): Map<string, string> {
  const days = new Map<string, string>();
  for (const { day, row } of rows) {
    const name = xbrlNameOf(text(row.xbrl));
    if (name && day && (days.get(name) ?? '9999') > day) days.set(name, day);
  }
  return days;
}

/**
 * `GET /api/corporates-financial-results`: a bare JSON array (as the real response of
 * ../shared/data/exchange is), the rows of every company disseminated within the window,
 * newest first; `period` and `symbol` filter when given. Without dates, no window applies.
 */
export function addNseResultsListing(catalogue: Catalogue, rows: ReadonlyArray<DatedRow<ResultsRow>>): void {
  catalogue.apis.push({
    host: 'nse-www',
    path: '/api/corporates-financial-results',
    dataset: 'nse-results-listing',
    example: 'index=equities&period=Quarterly&from_date=01-01-2025&to_date=31-01-2025',
    answer: (query, context) => {
      const window = cappedWindow({ from: dayOfDmy(query.get('from_date')), to: dayOfDmy(query.get('to_date')) }, context.nseWindowCapDays);
      const period = query.get('period');
      const periodRows = period ? rows.filter(({ row }) => !row.period || row.period.toLowerCase() === period.toLowerCase()) : rows;
      return json(selectRows(periodRows, window, context.publishedUntil, query.get('symbol')));
    },
  });
}
