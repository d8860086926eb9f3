import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { json, type Catalogue } from '../catalogue.ts';
import { under, type CorpusRoots } from '../corpus-roots.ts';
import { dayOfDmy, dayOfNamedMonth } from '../dates.ts';
import { cappedWindow, selectRows, sortKeyOf, type DatedRow } from '../window.ts';

type IntegratedRow = Record<string, unknown> & { seq_Id?: string; symbol?: string; type?: string; xbrl?: string };

const text = (value: unknown) => (typeof value === 'string' ? value : undefined);

/**
 * Rows of NSE's `integrated-filing-results` as recorded: HDFC Bank's per-symbol response and a
 * May-2025 window page. A revision row has no `broadcast_Date`; it is dated by `revised_Date`.
 */
export function readIntegratedRows(roots: CorpusRoots): Array<DatedRow<IntegratedRow>> {
  const dirs = [under(roots.exchange, 'api/nse/integrated-filing-results'), under(roots.real, 'xbrl_results/nse_integrated_index')];
  const byKey = new Map<string, DatedRow<IntegratedRow>>();
  for (const dir of dirs) {
    for (const name of dir ? readdirSync(dir).filter((n) => n.endsWith('.json')) : []) {
      const envelope = JSON.parse(readFileSync(path.join(dir!, name), 'utf8')) as { data?: IntegratedRow[] };
      for (const row of envelope.data ?? []) {
        const key = `${row.seq_Id}|${row.type}|${row.xbrl}`;
        const stamp = [row['broadcast_Date'], row['revised_Date'], row['creation_Date']].map(text).find((v) => dayOfNamedMonth(v));
        const day = dayOfNamedMonth(stamp);
        if (!byKey.has(key)) byKey.set(key, { day, sortKey: sortKeyOf(day, stamp), symbol: row.symbol, row });
      }
    }
  }
  return [...byKey.values()];
}

const pageSize = (query: URLSearchParams) => {
  const size = Number(query.get('size'));
  return Number.isInteger(size) && size > 0 ? size : 20;
};

/**
 * `GET /api/integrated-filing-results`: NSE's envelope `{data, size, page, totalCount}`. Pages
 * are asked for from 1 and echoed from 0 (the recorded first page says `page: 0`); without a
 * page the echo is `-1` and the first page is served, as HDFC Bank's recorded response shows.
 */
export function addNseIntegratedListing(catalogue: Catalogue, rows: ReadonlyArray<DatedRow<IntegratedRow>>): void {
  catalogue.apis.push({
    host: 'nse-www',
    path: '/api/integrated-filing-results',
    dataset: 'nse-integrated-filing',
    example: 'index=equities&from_date=01-05-2025&to_date=31-05-2025&page=1',
    answer: (query, context) => {
      const window = cappedWindow({ from: dayOfDmy(query.get('from_date')), to: dayOfDmy(query.get('to_date')) }, context.nseWindowCapDays);
      const type = query.get('type');
      const typed = type ? rows.filter(({ row }) => row.type === type) : rows;
      const selected = selectRows(typed, window, context.publishedUntil, query.get('symbol'));
      const size = pageSize(query);
      const asked = query.has('page') ? Math.max(1, Number(query.get('page')) || 1) : undefined;
      const start = ((asked ?? 1) - 1) * size;
      return json({
        data: selected.slice(start, start + size),
        size,
        page: asked === undefined ? -1 : asked - 1,
        totalCount: selected.length,
      });
    },
  });
}
