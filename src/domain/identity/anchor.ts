import { deterministicId } from '#platform/event-id';
import { isCompanyIsin, issuerCodeOf } from './isin.ts';

/**
 * What a company's id hangs on. An Indian ISIN's issuer code (characters 4-7) survives a
 * face-value split, which gives the equity share a new serial (HDFC Bank INE040A01018 →
 * INE040A01026 → INE040A01034 are all issuer 040A), and is shared by the company's DVR,
 * partly paid shares and bonds (IN9155A01020 is Tata Motors' DVR, issuer 155A). A BSE scrip
 * that no source has ever given an ISIN (BSE's 2015 list has 2,005 of them, mostly delisted)
 * is anchored on its scrip code until a source links the code to an issuer.
 */
export type Anchor = `issuer:${string}` | `bse:${string}`;

/** The issuer anchor of a company ISIN (INE…, IN9…); null for funds and foreign ISINs. */
export function anchorOfIsin(isin: string | null | undefined): Anchor | null {
  const value = isin?.trim().toUpperCase();
  return value && isCompanyIsin(value) ? `issuer:${issuerCodeOf(value)}` : null;
}

export const bseAnchor = (code: string): Anchor => `bse:${code.trim()}`;

/** A company's id: UUIDv5 of its anchor, the same wherever and whenever it is computed. */
export const companyIdOfAnchor = (anchor: string): string => deterministicId('company', anchor);

/** The company id an ISIN names, when it is a company's ISIN. */
export function companyIdOfIsin(isin: string | null | undefined): string | null {
  const anchor = anchorOfIsin(isin);
  return anchor && companyIdOfAnchor(anchor);
}

/**
 * The id an earlier version of the service gave the record of one ISIN (one record per
 * ISIN, before the issuer anchor). Kept resolvable as an alias, so ids clients stored then
 * still find their company.
 */
export const legacyCompanyIdOfIsin = (isin: string): string => deterministicId('company:isin', isin.trim().toUpperCase());

/**
 * The company a financial-results filing is about: its stated ISIN's issuer, else the id
 * ingestion resolved its symbol or scrip code to (a filing is never accepted without one).
 */
export const companyIdOfFiling = (filing: { readonly companyId: string; readonly company: { readonly isin: string | null } }): string =>
  companyIdOfIsin(filing.company.isin) ?? filing.companyId;
