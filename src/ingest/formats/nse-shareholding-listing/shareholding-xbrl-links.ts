import { readShareholdingListing } from './read-shareholding-listing.ts';

/** A shareholding-pattern XBRL document a listing names, as a connector fetches it. */
export interface ShareholdingXbrlLink {
  url: string;
  /** When NSE disseminated it (UTC ISO, from the listing's IST time), null when the row has none. */
  knownAt: string | null;
  symbol: string;
  /** The date the pattern is as of (`YYYY-MM-DD`). */
  quarterEnd: string | null;
}

/**
 * The XBRL documents a parsed `corporate-share-holdings-master` response names, one per
 * URL (the first dissemination when a URL is listed twice), for a connector to fetch. Rows
 * without an `.xml` link or a symbol are left out; anything that is not a listing gives [].
 */
export function shareholdingXbrlLinks(json: unknown): ShareholdingXbrlLink[] {
  const read = readShareholdingListing(json);
  if ('reason' in read) return [];
  return read.entries.flatMap((entry) =>
    entry.symbol ? [{ url: entry.xbrlUrl, knownAt: entry.disseminatedAt, symbol: entry.symbol, quarterEnd: entry.quarterEnd }] : [],
  );
}
