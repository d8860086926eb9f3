import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileBody, json, once, type Catalogue } from '../catalogue.ts';
import { under, type CorpusRoots } from '../corpus-roots.ts';
import { dayOfDmy, dayOfNamedMonth } from '../dates.ts';
import { readCsvRecords } from '../read-csv.ts';
import { cappedWindow, selectRows, sortKeyOf, type DatedRow } from '../window.ts';

type Row = Record<string, unknown>;

const text = (value: unknown) => (typeof value === 'string' ? value : undefined);

function datedRows(rows: readonly Row[], stampOf: (row: Row) => string | undefined): Array<DatedRow<Row>> {
  return rows.map((row) => {
    const stamp = stampOf(row);
    const day = dayOfNamedMonth(stamp);
    return { day, sortKey: sortKeyOf(day, stamp), symbol: text(row['symbol']), row };
  });
}

/** An NSE listing API over a `from_date`/`to_date` window (DD-MM-YYYY), capped as NSE caps it. */
function addWindowedListing(catalogue: Catalogue, apiPath: string, dataset: string, rows: () => ReadonlyArray<DatedRow<Row>>): void {
  catalogue.apis.push({
    host: 'nse-www',
    path: apiPath,
    dataset,
    example: 'index=equities&from_date=01-08-2026&to_date=07-08-2026',
    answer: (query, context) => {
      const window = cappedWindow({ from: dayOfDmy(query.get('from_date')), to: dayOfDmy(query.get('to_date')) }, context.nseWindowCapDays);
      return json(selectRows(rows(), window, context.publishedUntil, query.get('symbol')));
    },
  });
}

/**
 * `corporate-announcements`: no real response exists; the project's constructed fixture
 * (`fixtures/nse-announcements`, illustrative rows in NSE's layout, traps included) is served
 * as the bare array NSE returns, dated by `an_dt`.
 */
function addAnnouncements(catalogue: Catalogue, roots: CorpusRoots): void {
  const file = under(roots.repo, 'fixtures/nse-announcements/announcements-constructed.json');
  const rows = once(() => datedRows(file ? (JSON.parse(readFileSync(file, 'utf8')) as Row[]) : [], (row) => text(row['an_dt'])));
  addWindowedListing(catalogue, '/api/corporate-announcements', 'nse-announcements', rows);
}

/**
 * `corporates-corporateActions`: no real response exists; rows are built from the project's
 * constructed CSV (`fixtures/nse-corporate-actions`) in the API's key order (as quoted from
 * real rows in ../shared/data/real/corporate_actions/SOURCES.md), ISINs from EQUITY_L, dated
 * by the ex-date (else the book closure's start).
 */
function addCorporateActions(catalogue: Catalogue, roots: CorpusRoots, isins: () => ReadonlyMap<string, string>): void {
  const file = under(roots.repo, 'fixtures/nse-corporate-actions/CF-CA-equities-constructed.csv');
  const rows = () =>
    (file ? readCsvRecords(readFileSync(file, 'utf8')) : []).map((r) => ({
      symbol: r['SYMBOL'],
      series: r['SERIES'],
      ind: '-',
      faceVal: r['FACE VALUE'],
      subject: r['PURPOSE'],
      exDate: r['EX-DATE'],
      recDate: r['RECORD DATE'],
      bcStartDate: r['BOOK CLOSURE START DATE'],
      bcEndDate: r['BOOK CLOSURE END DATE'],
      ndStartDate: '-',
      ndEndDate: '-',
      comp: r['COMPANY NAME'],
      isin: isins().get(r['SYMBOL'] ?? '') ?? null,
      caBroadcastDate: null,
    }));
  const stamp = (row: Row) => [row['exDate'], row['bcStartDate'], row['recDate']].map(text).find((v) => dayOfNamedMonth(v));
  addWindowedListing(
    catalogue,
    '/api/corporates-corporateActions',
    'nse-corporate-actions',
    once(() => datedRows(rows(), stamp)),
  );
}

/**
 * `corporate-share-holdings-master`: the real response (no `symbol`: latest filings of all
 * companies) served byte for byte; with `symbol`, that response's rows of the symbol.
 */
function addShareholding(catalogue: Catalogue, roots: CorpusRoots): void {
  const dir = under(roots.exchange, 'api/nse/corporate-share-holdings-master');
  const file = dir ? readdirSync(dir).find((name) => name.endsWith('.json')) : undefined;
  if (!dir || !file) return;
  const full = path.join(dir, file);
  const body = fileBody(full);
  const rows = JSON.parse(readFileSync(full, 'utf8')) as Row[];
  catalogue.apis.push({
    host: 'nse-www',
    path: '/api/corporate-share-holdings-master',
    dataset: 'nse-shareholding',
    example: 'index=equities&symbol=AONESTEELS',
    answer: (query) => {
      const symbol = query.get('symbol');
      if (!symbol) return { status: 200, body: body(), contentType: 'application/json; charset=utf-8' };
      return json(rows.filter((row) => text(row['symbol'])?.toUpperCase() === symbol.toUpperCase()));
    },
  });
}

export function addNseCorporateListings(catalogue: Catalogue, roots: CorpusRoots, isins: () => ReadonlyMap<string, string>): void {
  addAnnouncements(catalogue, roots);
  addCorporateActions(catalogue, roots, isins);
  addShareholding(catalogue, roots);
}
