import { companyIdFromIsin } from '#ingest/shared/parser';
import { listingOf } from '#ingest/shared/results-listing-entry';

/**
 * The ordering key of a document's job, known when it is queued, before any parse: the
 * company its delivery names (an XBRL filing's NSE listing entry: its ISIN, whose issuer
 * code survives splits, else its symbol). Undefined when the delivery names none (a master
 * list, a bhavcopy, a file dropped without context): the bus then keys the job by the
 * document itself, since no company is known before parsing (ADR 10).
 */
export function companyKeyOf(attributes: Readonly<Record<string, unknown>>): string | undefined {
  const listing = listingOf(attributes);
  if (listing?.isin) return `company:${companyIdFromIsin(listing.isin)}`;
  if (listing?.symbol) return `nse:${listing.symbol.trim().toUpperCase()}`;
  return undefined;
}
