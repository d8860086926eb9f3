import { parseExchangeDate, parseExchangeDateTime } from '#domain/indian-text';
import { readIsin } from '#domain/identity';
import type { Problem } from '#ingest/shared/parser';
import type { ShareholdingListingEntry } from '#ingest/shared/shareholding-listing-entry';

type Raw = Record<string, unknown>;

const text = (record: Raw, key: string): string | null => {
  const value = record[key];
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  return trimmed === '' || trimmed === '-' ? null : trimmed;
};

/**
 * One record as an entry, or null when it names no XBRL document. The dissemination time
 * is `systemDate`: `broadcastDate` plus `timeDifference`, as the results listing's
 * `exchdisstime` is its `broadCastDate` plus `difference`; the later of the two is when the
 * filing was public. `broadcastDate` stands in when `systemDate` is missing.
 */
function entryOf(record: Raw): ShareholdingListingEntry | null {
  const xbrlUrl = text(record, 'xbrl');
  if (!xbrlUrl || !/\.xml$/i.test(xbrlUrl)) return null;
  return {
    fileName: xbrlUrl.slice(xbrlUrl.lastIndexOf('/') + 1),
    xbrlUrl,
    symbol: text(record, 'symbol')?.toUpperCase() ?? null,
    isin: readIsin(text(record, 'isin') ?? ''),
    companyName: text(record, 'name'),
    quarterEnd: parseExchangeDate(text(record, 'date')),
    disseminatedAt: parseExchangeDateTime(text(record, 'systemDate')) ?? parseExchangeDateTime(text(record, 'broadcastDate')),
    isRevision: /revis/i.test(`${text(record, 'revisedStatus') ?? ''} ${text(record, 'revisedData') ?? ''}`),
  };
}

/** The records of a parsed listing (a bare array, or under `data`), or why it is not one. */
export function shareholdingListingRecords(json: unknown): Raw[] | string {
  const list = Array.isArray(json) ? json : (json as { data?: unknown } | null)?.data;
  if (!Array.isArray(list)) return 'expected a JSON array of shareholding filings, or an object with a "data" array';
  return list.filter((r): r is Raw => typeof r === 'object' && r !== null && !Array.isArray(r));
}

export interface ShareholdingListingRead {
  readonly entries: readonly ShareholdingListingEntry[];
  /** Records read, with or without an XBRL document. */
  readonly records: number;
  readonly problems: readonly Problem[];
}

/**
 * The XBRL filings a parsed listing names, one per file: a file listed twice keeps its first
 * dissemination, when it became knowable.
 */
export function readShareholdingListing(json: unknown): ShareholdingListingRead | { readonly reason: string } {
  const records = shareholdingListingRecords(json);
  if (typeof records === 'string') return { reason: records };
  const problems: Problem[] = [];
  const byFile = new Map<string, ShareholdingListingEntry>();
  records.forEach((record, i) => {
    const entry = entryOf(record);
    if (!entry) return;
    const where = `record ${i + 1} (${entry.fileName})`;
    const statedIsin = text(record, 'isin');
    if (statedIsin && !entry.isin)
      problems.push({ where, message: `ISIN "${statedIsin}" is not a valid ISIN: expected e.g. INE919H01018` });
    if (!entry.disseminatedAt)
      problems.push({ where, message: 'no dissemination or broadcast time: expected e.g. "06-OCT-2026 10:33:05" (IST)' });
    const seen = byFile.get(entry.fileName);
    if (!seen || (entry.disseminatedAt ?? '9999') < (seen.disseminatedAt ?? '9999')) byFile.set(entry.fileName, entry);
  });
  return { entries: [...byFile.values()], records: records.length, problems };
}
