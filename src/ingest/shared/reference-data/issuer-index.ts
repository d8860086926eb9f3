import { companyIdFromIsin } from '#ingest/shared/parser';
import { isinKind, issuerCodeOf } from '#domain/identity';

/**
 * Company ids by issuer code, from the equity-share ISINs of one file. A company's other
 * listed securities (Tata Motors' DVR share IN9155A01020, Grasim's rights entitlement
 * INE047A20013) carry the issuer code of its equity share (INE155A01022, INE047A01021) but
 * no company of their own; this is how they find it. The first equity ISIN of an issuer wins.
 */
export function buildIssuerIndex(isins: Iterable<string>): ReadonlyMap<string, string> {
  const index = new Map<string, string>();
  for (const isin of isins) {
    if (isinKind(isin) !== 'company-equity') continue;
    const issuer = issuerCodeOf(isin);
    if (!index.has(issuer)) index.set(issuer, companyIdFromIsin(isin));
  }
  return index;
}
