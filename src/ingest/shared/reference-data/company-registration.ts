import type { ListingStatus } from '#schemas/events';
import { bseAnchor, companyIdOfAnchor } from '#domain/identity';
import { companyIdFromIsin } from '#ingest/shared/parser';

/** What one source states about a company; everything it does not know is left out. */
export interface CompanyFacts {
  /** The company's equity ISIN; null for a BSE scrip no source has given one (its code is then its anchor). */
  readonly isin: string | null;
  readonly name: string | null;
  readonly nseSymbol?: string | null;
  readonly bseCode?: string | null;
  readonly sector?: string | null;
  readonly industry?: string | null;
  readonly listingStatus: ListingStatus;
  readonly listingDate?: string | null;
}

/**
 * The data of a `CompanyRegistered` event (unvalidated): the company id from the ISIN of its
 * equity share, and null for every attribute this source does not state, so the companies
 * read model keeps what other sources said. A missing name becomes '' so that validation
 * reports it as a problem for the row.
 */
export function companyRegistration(facts: CompanyFacts) {
  return {
    companyId: facts.isin ? companyIdFromIsin(facts.isin) : companyIdOfAnchor(bseAnchor(facts.bseCode ?? '')),
    name: facts.name ?? '',
    cin: null,
    isin: facts.isin,
    nseSymbol: facts.nseSymbol ?? null,
    bseCode: facts.bseCode ?? null,
    sector: facts.sector ?? null,
    industry: facts.industry ?? null,
    listingStatus: facts.listingStatus,
    listingDate: facts.listingDate ?? null,
  };
}
