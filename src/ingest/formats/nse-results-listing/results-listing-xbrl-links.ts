import { listingRecordsOf, readListingRecords } from './read-listing.ts';

/** A results XBRL document a listing names, as a connector fetches it. */
export interface ResultsXbrlLink {
  url: string;
  /** When NSE disseminated it (UTC ISO, from the listing's IST time), null when the row has none. */
  knownAt: string | null;
}

/**
 * A governance filing of the integrated listing (`type` "Integrated Filing- Governance"):
 * its XBRL states no financial results, and no parser reads it.
 */
const isGovernance = (record: Record<string, unknown>) => typeof record.type === 'string' && /governance/i.test(record.type);

/**
 * The XBRL documents a parsed NSE results listing names, for a connector to fetch: the
 * `corporates-financial-results` array (`xbrl`, `exchdisstime`) or an integrated-filing page
 * (`{data: [...]}`, `xbrl` beside `ixbrl`, `broadcast_Date`, `revised_Date`), its financials
 * only. One link per URL with its first dissemination time, the time the results listing
 * context gives the same document (read-listing.ts); rows whose `xbrl` is not an `.xml`
 * link (`-` before XBRL) are left out; anything that is not a listing gives [].
 */
export function resultsListingXbrlLinks(json: unknown): ResultsXbrlLink[] {
  const records = listingRecordsOf(json);
  if (typeof records === 'string') return [];
  return readListingRecords(records.filter((record) => !isGovernance(record))).entries.map((entry) => ({
    url: entry.xbrlUrl,
    knownAt: entry.disseminatedAt,
  }));
}
