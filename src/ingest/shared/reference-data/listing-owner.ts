import { companyIdFromIsin } from '#ingest/shared/parser';
import { isinKind, issuerCodeOf } from '#domain/identity';

/** Whose listing a master-list row is, and whether it registers that company. */
export type ListingOwner =
  /** The company's own equity share: registers the company and lists the instrument. */
  | { readonly kind: 'company'; readonly companyId: string }
  /** Another security of a company known here (DVR, rights entitlement): instrument only. */
  | { readonly kind: 'instrument'; readonly companyId: string }
  /** Not listed: `problem` says why, or is null when skipping is the rule (fund units). */
  | { readonly kind: 'skip'; readonly problem: string | null };

/**
 * Decides from a row's ISIN who owns the listing. Only an equity-share ISIN (INE…01…) names a
 * company; other securities of the same issuer attach to it through the issuer code; mutual
 * fund units (INF…) are not companies and are left out; a row without an ISIN attaches to
 * the company its ticker already resolves to, if any.
 */
export function listingOwnerOf(
  isin: string | null,
  issuers: ReadonlyMap<string, string>,
  resolveWithoutIsin: () => string | null,
  ticker: string,
): ListingOwner {
  if (isin === null) {
    const companyId = resolveWithoutIsin();
    return companyId
      ? { kind: 'instrument', companyId }
      : { kind: 'skip', problem: `no ISIN, and ${ticker} is not a known company: expected an ISIN or a known ticker` };
  }
  switch (isinKind(isin)) {
    case 'company-equity':
      return { kind: 'company', companyId: companyIdFromIsin(isin) };
    case 'company-other': {
      const issuer = issuerCodeOf(isin);
      const companyId = issuers.get(issuer);
      return companyId
        ? { kind: 'instrument', companyId }
        : {
            kind: 'skip',
            problem: `${isin} is not an equity share and no equity share of its issuer (${issuer}) is in this file`,
          };
    }
    case 'fund':
      return { kind: 'skip', problem: null };
    case 'other':
      return { kind: 'skip', problem: `${isin} is not an Indian company's ISIN: expected IN…` };
  }
}

/**
 * The instrument type a row's ISIN implies: `equity` for equity shares, including DVR and
 * partly paid shares (IN9…), `rights` for a rights entitlement (INE…20…), `other` else.
 */
export function instrumentTypeOf(isin: string | null): string {
  if (isin === null || isin.startsWith('IN9')) return 'equity';
  const securityType = isin.slice(7, 9);
  if (securityType === '01') return 'equity';
  if (securityType === '20') return 'rights';
  return 'other';
}
