import path from 'node:path';
import { NSE_RESULTS_LISTING, readListing } from '#ingest/formats/nse-results-listing';
import type { ListingEntry } from '#ingest/shared/results-listing-entry';
import { NSE_RESULTS_XBRL } from '#ingest/formats/nse-results-xbrl';
import type { ContextProvider, RunFile } from './context-provider.ts';
import type { DocumentCopy } from './document-copies.ts';

/**
 * The NSE name of an XBRL file: the base name, without the `<ddMonYYYY>_<HHMM>_` prefix
 * that archives of NSE downloads put before it (`28Jan2025_1150_INDAS_117817_....xml`).
 */
export const nseFileNameOf = (fileName: string) => path.basename(fileName).replace(/^\d{2}[A-Za-z]{3}\d{4}_\d{4}_/, '');

function addEntries(index: Map<string, ListingEntry>, bytes: Uint8Array): void {
  const read = readListing(bytes);
  if ('reason' in read) return;
  for (const entry of read.entries) {
    const seen = index.get(entry.fileName);
    if (!seen || (entry.disseminatedAt ?? '9999') < (seen.disseminatedAt ?? '9999')) {
      index.set(entry.fileName, { ...entry, isRevision: entry.isRevision || (seen?.isRevision ?? false) });
    }
  }
}

/**
 * Gives each XBRL results file of a run its listing entry: the dissemination time
 * (`known_at`), the URL it was published at, the ISIN and basis. Listings in the same run
 * are used first; when a file is not named there, the listings stored by earlier runs are
 * read too, so a listing ingested once serves every later delivery of its filings.
 */
export function createResultsListingContext(
  loadStoredListings: () => Promise<readonly Uint8Array[]>,
  /** Copies of stored XBRL filings received without a listing entry: document and delivered name. */
  loadCopiesWithoutListing: () => Promise<readonly DocumentCopy[]> = () => Promise.resolve([]),
): ContextProvider {
  return {
    async awaiting(run) {
      const listings = run.filter((file) => file.format === NSE_RESULTS_LISTING);
      if (listings.length === 0) return [];
      const index = new Map<string, ListingEntry>();
      for (const file of listings) addEntries(index, await file.read());
      return (await loadCopiesWithoutListing()).filter((copy) => index.has(nseFileNameOf(copy.fileName)));
    },
    async prepare(run: readonly RunFile[]) {
      const filings = run.filter((file) => file.format === NSE_RESULTS_XBRL);
      if (filings.length === 0) return () => undefined;
      const index = new Map<string, ListingEntry>();
      for (const file of run) if (file.format === NSE_RESULTS_LISTING) addEntries(index, await file.read());
      if (filings.some((file) => !index.has(nseFileNameOf(file.fileName)))) {
        for (const bytes of await loadStoredListings()) addEntries(index, bytes);
      }
      return (file) => {
        if (file.format !== NSE_RESULTS_XBRL) return undefined;
        const entry = index.get(nseFileNameOf(file.fileName));
        return entry && { knownAt: entry.disseminatedAt, sourceUrl: entry.xbrlUrl, attributes: { listing: entry } };
      };
    },
  };
}
