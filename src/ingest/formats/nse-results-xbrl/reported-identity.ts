import type { ReportedIdentity } from '#schemas/events';
import { BseScripCodeSchema, NseSymbolSchema } from '#schemas/common';
import { readIsin } from '#domain/identity';
import type { ListingEntry } from '#ingest/shared/results-listing-entry';
import type { FilingHeader } from './filing-header.ts';

/**
 * The company as the filing itself names it (a stale symbol stays: ETERNAL's filings still
 * say ZOMATO), with the ISIN its listing entry gives, else the one the filing states. The
 * listing's own symbol and name are not taken: NSE re-keys its listing with the company's
 * symbol and name at the time it is fetched, so they would date a later name to the
 * filing's day. Identifiers that are not well formed (a scrip code of `NOTLISTED`, an ISIN
 * with a bad check digit) are left out.
 */
export function reportedIdentity(header: FilingHeader, listing: ListingEntry | null): ReportedIdentity {
  const symbol = NseSymbolSchema.safeParse(header.symbol);
  const code = BseScripCodeSchema.safeParse(header.scripCode);
  return {
    name: header.name?.slice(0, 300) || null,
    nseSymbol: symbol.success ? symbol.data : null,
    bseCode: code.success ? code.data : null,
    isin: (listing?.isin ?? (header.isin ? readIsin(header.isin) : null)) as ReportedIdentity['isin'],
    cin: null,
  };
}
