import { readListing } from '#ingest/formats/nse-results-listing';
import { ddmmyyyyDashed } from '../exchange-dates.ts';
import type { Dataset, DatasetIo, FetchedDocument, SyncUnit, UnitOutcome } from './dataset.ts';
import { fetchDocument, fetchUrl } from './fetch-document.ts';
import { clip, windowUnits } from './units.ts';

/** Listings are fetched a calendar month at a time: NSE cuts windows wider than 90 days without saying so. */
const LISTING_WINDOW_MONTHS = 1;
/** Results listings are looked at every 15 minutes in follow mode, over the last few days. */
const LISTING_RULE = { kind: 'window', everyMinutes: 15, back: 3, ahead: 0 } as const;

const windowQuery = (unit: SyncUnit) => `from_date=${ddmmyyyyDashed(unit.from)}&to_date=${ddmmyyyyDashed(unit.to)}`;

/**
 * The XBRL files a listing names that are not held yet, fetched through the configured
 * archives URL, each dated by the listing's dissemination time.
 */
async function listedFilings(io: DatasetIo, listing: FetchedDocument, wanted: (row: Record<string, unknown>) => boolean) {
  const read = readListing(listing.bytes);
  if ('reason' in read) return { documents: [], missing: [read.reason], requests: 0, listed: 0 };
  const rows = listingRows(listing.bytes).filter(wanted);
  const urls = new Set(rows.map((row) => row.xbrl).filter((url): url is string => typeof url === 'string'));
  const entries = read.entries.filter((entry) => urls.has(entry.xbrlUrl));
  const held = await io.heldSourceUrls(entries.map((entry) => entry.xbrlUrl));
  const documents: FetchedDocument[] = [];
  const missing: string[] = [];
  let requests = 0;
  for (const entry of entries) {
    if (held.has(entry.xbrlUrl) || io.signal?.aborted) continue;
    const url = io.rebase(entry.xbrlUrl);
    if (!url) {
      missing.push(`${entry.fileName}: its URL is not at an exchange host (${entry.xbrlUrl})`);
      continue;
    }
    const answer = await fetchUrl(io, url, entry.xbrlUrl, { expected: 'xml', fileName: entry.fileName, knownAt: entry.disseminatedAt });
    requests += answer.kind === 'data' ? answer.response.attempts : answer.requests;
    if (answer.kind === 'data') documents.push(answer.document);
    else missing.push(`${entry.fileName}: ${answer.reason}`);
  }
  return { documents, missing, requests, listed: entries.length };
}

function listingRows(bytes: Uint8Array): Array<Record<string, unknown>> {
  try {
    const json: unknown = JSON.parse(new TextDecoder().decode(bytes));
    const list = Array.isArray(json) ? json : (json as { data?: unknown } | null)?.data;
    return Array.isArray(list) ? list.filter((r): r is Record<string, unknown> => typeof r === 'object' && r !== null) : [];
  } catch {
    return [];
  }
}

/** A listing and the filings it names, as one unit's outcome. */
async function listingOutcome(
  io: DatasetIo,
  listings: readonly FetchedDocument[],
  requests: number,
  wanted: (row: Record<string, unknown>) => boolean,
): Promise<UnitOutcome> {
  const documents: FetchedDocument[] = [...listings];
  const missing: string[] = [];
  let listed = 0;
  for (const listing of listings) {
    const filings = await listedFilings(io, listing, wanted);
    documents.push(...filings.documents);
    missing.push(...filings.missing);
    requests += filings.requests;
    listed += filings.listed;
  }
  if (listed === 0 && listings.every((listing) => listingRows(listing.bytes).length === 0)) {
    return { kind: 'absent', reason: 'the listing names no filings for this window', requests };
  }
  return {
    kind: 'fetched',
    documents,
    requests,
    ...(missing.length > 0 ? { incomplete: `${missing.length} listed files not had: ${missing.slice(0, 3).join('; ')}` } : {}),
  };
}

const months = (since?: string) => (from: string, to: string) => {
  const span = clip(from, to, since);
  return Promise.resolve(span ? windowUnits(span.from, span.to, LISTING_WINDOW_MONTHS) : []);
};

const resultsPath = (unit: SyncUnit) => `/api/corporates-financial-results?index=equities&period=Quarterly&${windowQuery(unit)}`;

export const nseResults: Dataset = {
  name: 'nse-results',
  exchange: 'NSE',
  description: "NSE's financial-results listing and the XBRL filing each row names",
  host: 'nse-www',
  follow: LISTING_RULE,
  units: months(),
  urls: (unit, io) => [io.urlAt('nse-www', resultsPath(unit))],
  async fetch(unit, io) {
    const answer = await fetchDocument(io, {
      host: 'nse-www',
      path: resultsPath(unit),
      expected: 'json',
      fileName: `corporates-financial-results_Quarterly_${unit.from}_${unit.to}.json`,
    });
    if (answer.kind !== 'data') return answer;
    return listingOutcome(io, [answer.document], answer.response.attempts, () => true);
  },
};

/** SEBI's integrated filing, on NSE from February 2025. */
const INTEGRATED_SINCE = '2025-01-01';
const integratedPath = (unit: SyncUnit, page: number) => `/api/integrated-filing-results?index=equities&${windowQuery(unit)}&page=${page}`;
/** Pages a window may have at most (a bound, not an expectation: 20 rows a page). */
const MAX_PAGES = 500;

/** The number of pages an integrated-filing answer says there are (`totalCount` rows, `size` a page). */
function pageCount(bytes: Uint8Array): number {
  try {
    const json = JSON.parse(new TextDecoder().decode(bytes)) as { totalCount?: unknown; size?: unknown };
    const total = Number(json.totalCount);
    const size = Number(json.size);
    return Number.isFinite(total) && Number.isFinite(size) && size > 0 ? Math.min(MAX_PAGES, Math.ceil(total / size)) : 1;
  } catch {
    return 1;
  }
}

export const nseIntegratedFiling: Dataset = {
  name: 'nse-integrated-filing',
  exchange: 'NSE',
  description: "NSE's integrated-filing listing (2025 on) and each financial filing's XBRL (not its iXBRL)",
  host: 'nse-www',
  since: INTEGRATED_SINCE,
  follow: LISTING_RULE,
  units: months(INTEGRATED_SINCE),
  urls: (unit, io) => [io.urlAt('nse-www', integratedPath(unit, 1))],
  async fetch(unit, io) {
    const pages: FetchedDocument[] = [];
    let requests = 0;
    for (let page = 1, last = 1; page <= last; page++) {
      const answer = await fetchDocument(io, {
        host: 'nse-www',
        path: integratedPath(unit, page),
        expected: 'json',
        fileName: `integrated-filing-results_${unit.from}_${unit.to}_page${page}.json`,
      });
      if (answer.kind !== 'data') return { ...answer, requests: requests + answer.requests };
      requests += answer.response.attempts;
      pages.push(answer.document);
      if (page === 1) last = pageCount(answer.document.bytes);
    }
    // Governance filings carry no financial statements: only the financial filings' XBRL is fetched.
    return listingOutcome(io, pages, requests, (row) => typeof row.type !== 'string' || /financ/i.test(row.type));
  },
};
