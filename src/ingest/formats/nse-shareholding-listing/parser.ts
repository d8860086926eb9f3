import type { DomainEvent } from '#schemas/events';
import type { NewEvent } from '#platform/event-store';
import { createEventEmitter, type Parser, type Problem, decodeText } from '#ingest/shared/parser';
import { emitChecked } from '#ingest/shared/parse-support';
import { companyRegistration } from '#ingest/shared/reference-data';
import type { ShareholdingListingEntry } from '#ingest/shared/shareholding-listing-entry';
import { readShareholdingListing } from './read-shareholding-listing.ts';

export const NSE_SHAREHOLDING_LISTING = 'nse-shareholding-listing';
const FORMAT = NSE_SHAREHOLDING_LISTING;
const VERSION = 1;

/** The newest entry per ISIN. */
function newestPerIsin(entries: readonly ShareholdingListingEntry[]): ShareholdingListingEntry[] {
  const newest = new Map<string, ShareholdingListingEntry>();
  for (const entry of entries) {
    if (!entry.isin) continue;
    const seen = newest.get(entry.isin);
    if (!seen || (entry.disseminatedAt ?? '') > (seen.disseminatedAt ?? '')) newest.set(entry.isin, entry);
  }
  return [...newest.values()];
}

function parseJson(bytes: Uint8Array): { readonly json: unknown } | { readonly reason: string } {
  try {
    return { json: JSON.parse(decodeText(bytes)) as unknown };
  } catch (error) {
    return { reason: `not a JSON listing: ${error instanceof Error ? error.message : String(error)}` };
  }
}

/**
 * NSE's shareholding-pattern listing (`corporate-share-holdings-master`). It is the context
 * of the SHP XBRL files it names (their dissemination time, URL, ISIN and symbol: see
 * shareholding-listing-context.ts); as a document of its own it registers the companies it
 * names by ISIN, as the results listing does. Priority 0: it runs before the filings.
 */
export const nseShareholdingListingParser: Parser = {
  format: FORMAT,
  version: VERSION,
  description: 'NSE shareholding-pattern listing (JSON): dissemination times, URLs and ISINs of SHP XBRL filings',
  priority: 0,
  detect: (_fileName, head) => /^\s*[[{]/.test(head) && /"xbrl"\s*:/.test(head) && /"(pr_and_prgrp|public_val)"\s*:/.test(head),
  parse(input) {
    const parsed = parseJson(input.bytes);
    if ('reason' in parsed) return { ok: false, reason: parsed.reason, problems: [] };
    const read = readShareholdingListing(parsed.json);
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
