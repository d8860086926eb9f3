import type { ReportedIdentity } from '../../../schemas/events/reported-identity.ts';
import { BseScripCodeSchema, NseSymbolSchema } from '../../../schemas/common/primitives.ts';
import type { ListingEntry } from '../nse-results-listing/listing-entry.ts';
import type { FilingHeader } from './filing-header.ts';

/**
 * The company as the filing names it (a stale symbol stays: ETERNAL's filings still say
 * ZOMATO), with the ISIN its listing entry gives. Identifiers that are not well formed
 * (a scrip code of `NOTLISTED`) are left out.
 */
export function reportedIdentity(header: FilingHeader, listing: ListingEntry | null): ReportedIdentity {
  const symbol = NseSymbolSchema.safeParse(header.symbol ?? listing?.symbol);
  const code = BseScripCodeSchema.safeParse(header.scripCode);
  return {
    name: (header.name ?? listing?.companyName)?.slice(0, 300) || null,
    nseSymbol: symbol.success ? symbol.data : null,
    bseCode: code.success ? code.data : null,
    isin: (listing?.isin ?? null) as ReportedIdentity['isin'],
    cin: null,
  };
}
