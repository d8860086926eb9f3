import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileBody, json, once, type Catalogue } from '../catalogue.ts';
import { under, type CorpusRoots } from '../corpus-roots.ts';
import { dayOfCompact, dayOfNamedMonth } from '../dates.ts';
import { readCsvRecords } from '../read-csv.ts';
import { cappedWindow } from '../window.ts';
import type { BseScrip } from './udiff-from-legacy.ts';

/** A row of BSE's `DefaultData` in its per-scrip form, keys in BSE's order. */
interface ActionRow {
  scrip_code: number;
  short_name: string;
  Ex_date: string;
  Purpose: string;
  RD_Date: string;
  BCRD_FROM: string | null;
  BCRD_TO: string | null;
  ND_START_DATE: string | null;
  ND_END_DATE: string | null;
  payment_date: string | null;
  exdate: string;
  long_name: string;
}

const KEYS = ['scrip_code', 'short_name', 'Ex_date', 'Purpose', 'RD_Date', 'BCRD_FROM', 'BCRD_TO', 'ND_START_DATE', 'ND_END_DATE', 'payment_date', 'exdate', 'long_name'] as const; // prettier-ignore

/** A row with only BSE's keys (the BlazeM archive added `action_type` and `dividend_amount`). */
const bseKeysOnly = (row: Record<string, unknown>) =>
  Object.fromEntries(KEYS.map((key) => [key, row[key] ?? null])) as unknown as ActionRow;

const orEmpty = (value: string | undefined) => (value === undefined || value.trim() === '-' ? '' : value.trim());

/** The BSE export CSV (real, stock splits 2009-2015) in the API's row shape. */
function rowsOfExport(file: string, scrips: ReadonlyMap<string, BseScrip>): ActionRow[] {
  return readCsvRecords(readFileSync(file, 'utf8')).map((r) => ({
    scrip_code: Number(r['Security Code']),
    short_name: r['Security Name'] ?? '',
    Ex_date: r['Ex Date'] ?? '',
    Purpose: r['Purpose'] ?? '',
    RD_Date: r['Record Date'] ?? '-',
    BCRD_FROM: orEmpty(r['BC Start Date']),
    BCRD_TO: orEmpty(r['BC End Date']),
    ND_START_DATE: orEmpty(r['ND Start Date']),
    ND_END_DATE: orEmpty(r['ND End Date']),
    payment_date: orEmpty(r['Actual Payment Date']),
    exdate: (dayOfNamedMonth(r['Ex Date']) ?? '').replace(/-/g, ''),
    long_name: scrips.get(r['Security Code'] ?? '')?.name ?? '',
  }));
}

function perScripFiles(roots: CorpusRoots): Map<string, string> {
  const dir = under(roots.exchange, 'api/bse/DefaultData');
  const files = new Map<string, string>();
  for (const name of dir ? readdirSync(dir) : []) {
    const code = /^defaultdata_(\d+)[^/]*\.json$/.exec(name)?.[1];
    if (code) files.set(code, path.join(dir!, name));
  }
  return files;
}

/**
 * `DefaultData`: with `scripcode`, the real recorded per-scrip response byte for byte (else
 * that scrip's rows from the pool); with `Fdate`/`TDate` (YYYYMMDD), the pool's rows whose
 * `exdate` falls within the window, by ex-date. The pool: the per-scrip responses, BSE's
 * forthcoming list of July 2026 (BSE's keys only) and the sample's BSE export CSV.
 */
export function addBseCorporateActions(catalogue: Catalogue, roots: CorpusRoots, scrips: () => ReadonlyMap<string, BseScrip>): void {
  const files = perScripFiles(roots);
  const rows = once(() => actionPool(roots, files, scrips()));
  const bodies = new Map([...files].map(([code, file]) => [code, fileBody(file)]));
  addDefaultData(catalogue, rows, bodies);
}

function actionPool(roots: CorpusRoots, files: ReadonlyMap<string, string>, scrips: ReadonlyMap<string, BseScrip>): ActionRow[] {
  const pool: ActionRow[] = [...files.values()].flatMap((file) => JSON.parse(readFileSync(file, 'utf8')) as ActionRow[]);
  const forthcoming = under(roots.real, 'corporate_actions/corporate_actions_20260701_180450.json');
  if (forthcoming)
    pool.push(...(JSON.parse(readFileSync(forthcoming, 'utf8')) as { data: Array<Record<string, unknown>> }).data.map(bseKeysOnly));
  const exported = under(roots.repo, 'sample-data/corporate_actions/Corporate_Actions.csv');
  if (exported) pool.push(...rowsOfExport(exported, scrips));
  const seen = new Set<string>();
  const rows = pool
    .filter((row) => {
      const key = `${row.scrip_code}|${row.exdate}|${row.Purpose}`;
      return !seen.has(key) && seen.add(key);
    })
    .sort((a, b) => (a.exdate < b.exdate ? -1 : a.exdate > b.exdate ? 1 : a.scrip_code - b.scrip_code));
  return rows;
}

function addDefaultData(catalogue: Catalogue, rows: () => ActionRow[], bodies: ReadonlyMap<string, () => Uint8Array>): void {
  catalogue.apis.push({
    host: 'bse-api',
    path: '/BseIndiaAPI/api/DefaultData/w',
    dataset: 'bse-corporate-actions',
    example: 'ddlcategorys=E&ddlindustrys=&segment=0&strSearch=D&Fdate=20260701&TDate=20260731',
    answer: (query, context) => {
      const code = query.get('scripcode')?.trim();
      if (code) {
        const body = bodies.get(code);
        if (body) return { status: 200, body: body(), contentType: 'application/json; charset=utf-8' };
        return json(rows().filter((row) => String(row.scrip_code) === code));
      }
      const window = cappedWindow(
        { from: dayOfCompact(query.get('Fdate')), to: dayOfCompact(query.get('TDate')) },
        context.bseWindowCapDays,
      );
      return json(
        rows().filter((row) => {
          const day = dayOfCompact(row.exdate);
          if (!day) return false;
          if (window.from && day < window.from) return false;
          return !window.to || day <= window.to;
        }),
      );
    },
  });
}
