import type { DomainEvent } from '#schemas/events';
import type { NewEvent } from '#platform/event-store';
import { createEventEmitter, type Parser, type Problem } from '#ingest/shared/parser';
import { emitChecked } from '#ingest/shared/parse-support';
import { companyRegistration } from '#ingest/shared/reference-data';
import type { ListingEntry } from '#ingest/shared/results-listing-entry';
import { readListing } from './read-listing.ts';

export const NSE_RESULTS_LISTING = 'nse-results-listing';
const FORMAT = NSE_RESULTS_LISTING;
const VERSION = 1;

/** The newest entry per ISIN: the listing is re-keyed by NSE with the company's current symbol and name. */
function newestPerIsin(entries: readonly ListingEntry[]): ListingEntry[] {
  const newest = new Map<string, ListingEntry>();
  for (const entry of entries) {
    if (!entry.isin) continue;
    const seen = newest.get(entry.isin);
    if (!seen || (entry.disseminatedAt ?? '') > (seen.disseminatedAt ?? '')) newest.set(entry.isin, entry);
  }
  return [...newest.values()];
}

/**
 * NSE's results listing (one company's `corporates-financial-results` JSON, or a page of the
 * integrated-filing listing). It is the context of the XBRL files it names (their
 * dissemination time, URL, ISIN and basis: see listing-context.ts); as a document of its
 * own it registers the companies it names by ISIN, so their filings resolve without a
 * master list. Priority 0: it runs before the filings.
 */
export const nseResultsListingParser: Parser = {
  format: FORMAT,
  version: VERSION,
  description: 'NSE financial-results listing (JSON): dissemination times, URLs and ISINs of XBRL filings',
  priority: 0,
  detect: (_fileName, head) =>
    /^\s*[[{]/.test(head) && /"xbrl"\s*:/.test(head) && /"(exchdisstime|broadCastDate|broadcast_Date)"\s*:/.test(head),
  parse(input) {
    const read = readListing(input.bytes);
    if ('reason' in read) return { ok: false, reason: read.reason, problems: [] };
    if (read.entries.length === 0) {
      return {
        ok: false,
        reason: `none of the ${read.records} records names an XBRL document (field "xbrl" ending in .xml)`,
        problems: read.problems,
      };
    }
    const emitter = createEventEmitter(input, { format: FORMAT, parserVersion: VERSION, source: 'nse' });
    const events: NewEvent<DomainEvent>[] = [];
    const problems: Problem[] = [...read.problems];
    for (const entry of newestPerIsin(read.entries)) {
      if (!entry.isin) continue;
      const data = companyRegistration({ isin: entry.isin, name: entry.companyName, nseSymbol: entry.symbol, listingStatus: 'listed' });
      const emitted = emitChecked(emitter, 'CompanyRegistered', data, entry.isin, entry.disseminatedAt);
      if (emitted.ok) events.push(emitted.event);
      else problems.push({ where: entry.fileName, message: emitted.message });
    }
    return { ok: true, events, rows: read.records, problems };
  },
};
