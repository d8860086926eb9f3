import { NSE_SHAREHOLDING_LISTING, readShareholdingListing } from '#ingest/formats/nse-shareholding-listing';
import { SHAREHOLDING_XBRL } from '#ingest/formats/shareholding-xbrl';
import { SHAREHOLDING_LISTING_ATTRIBUTE, type ShareholdingListingEntry } from '#ingest/shared/shareholding-listing-entry';
import { decodeText } from '#ingest/shared/parser';
import type { ContextProvider, RunFile } from './context-provider.ts';
import type { DocumentCopy } from './document-copies.ts';
import { nseFileNameOf } from './results-listing-context.ts';

function addEntries(index: Map<string, ShareholdingListingEntry>, bytes: Uint8Array): void {
  let json: unknown;
  try {
    json = JSON.parse(decodeText(bytes));
  } catch {
    return; // the listing's own parse reports it
  }
  const read = readShareholdingListing(json);
  if ('reason' in read) return;
  for (const entry of read.entries) {
    const seen = index.get(entry.fileName);
    if (!seen || (entry.disseminatedAt ?? '9999') < (seen.disseminatedAt ?? '9999')) index.set(entry.fileName, entry);
  }
}

/**
 * Gives each shareholding-pattern XBRL file of a run its entry in NSE's shareholding listing
 * (`corporate-share-holdings-master`): the dissemination time (`known_at`), the URL it was
 * published at, the ISIN and symbol. As the results listing does for results filings
 * (results-listing-context.ts): listings in the same run first, else those stored by
 * earlier runs; filings stored before their listing arrived are received again with it.
 */
export function createShareholdingListingContext(
  loadStoredListings: () => Promise<readonly Uint8Array[]>,
  /** Copies of stored SHP filings received without a listing entry: document and delivered name. */
  loadCopiesWithoutListing: () => Promise<readonly DocumentCopy[]> = () => Promise.resolve([]),
): ContextProvider {
  return {
    async awaiting(run) {
      const listings = run.filter((file) => file.format === NSE_SHAREHOLDING_LISTING);
      if (listings.length === 0) return [];
      const index = new Map<string, ShareholdingListingEntry>();
      for (const file of listings) addEntries(index, await file.read());
      return (await loadCopiesWithoutListing()).filter((copy) => index.has(nseFileNameOf(copy.fileName)));
    },
    async prepare(run: readonly RunFile[]) {
      const filings = run.filter((file) => file.format === SHAREHOLDING_XBRL);
      if (filings.length === 0) return () => undefined;
      const index = new Map<string, ShareholdingListingEntry>();
      for (const file of run) if (file.format === NSE_SHAREHOLDING_LISTING) addEntries(index, await file.read());
      if (filings.some((file) => !index.has(nseFileNameOf(file.fileName)))) {
        for (const bytes of await loadStoredListings()) addEntries(index, bytes);
      }
      return (file) => {
        if (file.format !== SHAREHOLDING_XBRL) return undefined;
        const entry = index.get(nseFileNameOf(file.fileName));
        return (
          entry && { knownAt: entry.disseminatedAt, sourceUrl: entry.xbrlUrl, attributes: { [SHAREHOLDING_LISTING_ATTRIBUTE]: entry } }
        );
      };
    },
  };
}
