import { parseExchangeDate, parseExchangeDateTime } from '#domain/indian-text';
import { type Problem, decodeText } from '#ingest/shared/parser';
import { readIsin } from '#domain/identity';
import type { ListingEntry } from '#ingest/shared/results-listing-entry';

type Raw = Record<string, unknown>;

const text = (record: Raw, key: string): string | null => {
  const value = record[key];
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  return trimmed === '' || trimmed === '-' ? null : trimmed;
};

const basisOf = (value: string | null): ListingEntry['basis'] => {
  const v = value?.toLowerCase().replace(/[^a-z]/g, '');
  if (v === 'consolidated') return 'consolidated';
  if (v === 'nonconsolidated' || v === 'standalone') return 'standalone';
  return null;
};

/**
 * NSE publishes two listings: the financial-results listing (`corporates-financial-results`,
 * an array; `exchdisstime` is the dissemination time, `broadCastDate` the broadcast) and,
 * from 2025, the integrated-filing listing (`{data: [...]}`, `broadcast_Date`, `type_Sub`
 * Original/Revision). Both name the XBRL file by URL.
 */
function entryOf(record: Raw): (Omit<ListingEntry, 'isRevision'> & { markedRevision: boolean }) | null {
  const xbrlUrl = text(record, 'xbrl');
  if (!xbrlUrl || !/\.xml$/i.test(xbrlUrl)) return null;
  const disseminated =
    parseExchangeDateTime(text(record, 'exchdisstime')) ??
    parseExchangeDateTime(text(record, 'broadCastDate')) ??
    parseExchangeDateTime(text(record, 'broadcast_Date')) ??
    parseExchangeDateTime(text(record, 'revised_Date')) ??
    parseExchangeDateTime(text(record, 'filingDate')) ??
    parseExchangeDateTime(text(record, 'creation_Date'));
  return {
    fileName: xbrlUrl.slice(xbrlUrl.lastIndexOf('/') + 1),
    xbrlUrl,
    symbol: text(record, 'symbol')?.toUpperCase() ?? null,
    isin: readIsin(text(record, 'isin') ?? ''),
    companyName: text(record, 'companyName') ?? text(record, 'cmName') ?? text(record, 'smName'),
    basis: basisOf(text(record, 'consolidated')),
    fromDate: parseExchangeDate(text(record, 'fromDate')),
    toDate: parseExchangeDate(text(record, 'toDate') ?? text(record, 'qe_Date')),
    disseminatedAt: disseminated,
    markedRevision: /revis/i.test(text(record, 'type_Sub') ?? ''),
  };
}

export interface ListingRead {
  readonly entries: readonly ListingEntry[];
  /** Records read, with or without an XBRL document. */
  readonly records: number;
  readonly problems: readonly Problem[];
}

/** The records of a parsed listing (a bare array, or under `data`), or why it is not one. */
export function listingRecordsOf(json: unknown): Raw[] | string {
  const list = Array.isArray(json) ? json : (json as { data?: unknown } | null)?.data;
  if (!Array.isArray(list)) return 'expected a JSON array of filings, or an object with a "data" array';
  return list.filter((r): r is Raw => typeof r === 'object' && r !== null && !Array.isArray(r));
}

/** The records of a listing document, or why it is not one. */
function listingRecords(bytes: Uint8Array): Raw[] | string {
  let json: unknown;
  try {
    json = JSON.parse(decodeText(bytes));
  } catch (error) {
    return `not a JSON listing: ${error instanceof Error ? error.message : String(error)}`;
  }
  return listingRecordsOf(json);
}

/**
 * The XBRL filings a listing names, each with its dissemination time. A filing for a
 * company, period and basis already filed earlier is a revision; NSE marks revisions only
 * in the integrated listing, so the results listing's are found by that order.
 */
export function readListing(bytes: Uint8Array): ListingRead | { readonly reason: string } {
  const records = listingRecords(bytes);
  return typeof records === 'string' ? { reason: records } : readListingRecords(records);
}

/** The XBRL filings named by a listing's records (see readListing). */
export function readListingRecords(records: readonly Raw[]): ListingRead {
  const problems: Problem[] = [];
  const entries: Array<ReturnType<typeof entryOf> & object> = [];
  records.forEach((record, i) => {
    const entry = entryOf(record);
    if (!entry) return;
    const statedIsin = text(record, 'isin');
    if (statedIsin && !entry.isin) {
      problems.push({
        where: `record ${i + 1} (${entry.fileName})`,
        message: `ISIN "${statedIsin}" is not a valid ISIN: expected e.g. INE012A01025`,
      });
    }
    if (!entry.disseminatedAt) {
      problems.push({
        where: `record ${i + 1} (${entry.fileName})`,
        message: 'no dissemination, broadcast or filing time: expected e.g. "31-Jan-2025 18:45:56"',
      });
    }
    entries.push(entry);
  });
  const byTime = [...entries].sort((a, b) => (a.disseminatedAt ?? '9999').localeCompare(b.disseminatedAt ?? '9999'));
  const seen = new Set<string>();
  const firstOfFile = new Map<string, ListingEntry>();
  for (const { markedRevision, ...entry } of byTime) {
    const key = [entry.isin ?? entry.symbol, entry.fromDate, entry.toDate, entry.basis].join('|');
    const isRevision = markedRevision || seen.has(key);
    seen.add(key);
    // The same document listed twice: the first dissemination is when it became knowable.
    if (!firstOfFile.has(entry.fileName)) firstOfFile.set(entry.fileName, { ...entry, isRevision });
  }
  return { entries: [...firstOfFile.values()], records: records.length, problems };
}
