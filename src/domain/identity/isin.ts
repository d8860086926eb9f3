/**
 * ISINs as Indian exchange files state them. An Indian ISIN is `IN`, an issuer-type
 * character (`E` company, `F` mutual fund, `9` a company's DVR or partly paid shares), a
 * four-character issuer code, a two-character security type (`01` equity shares, `20` a
 * rights entitlement), a serial and a check digit.
 */
const ISIN_SHAPE = /^[A-Z]{2}[A-Z0-9]{9}[0-9]$/;

/** The ISIN check digit (Luhn over the letters spelled as numbers, A = 10 … Z = 35). */
function hasValidCheckDigit(isin: string): boolean {
  const digits = [...isin.slice(0, 11)].map((ch) => parseInt(ch, 36).toString()).join('');
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let n = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 0) n = n * 2 > 9 ? n * 2 - 9 : n * 2;
    sum += n;
  }
  return (10 - (sum % 10)) % 10 === Number(isin[11]);
}

/**
 * The ISIN in a cell, upper-cased, or null when the cell holds none (`NA`, `-`, empty) or
 * something that is not a valid ISIN (wrong length, bad check digit, NIFTY's `DUM…`
 * placeholders for demerged entities). Callers report a non-empty invalid cell.
 */
export function readIsin(text: string): string | null {
  const isin = text.trim().toUpperCase();
  if (!ISIN_SHAPE.test(isin) || !isin.startsWith('IN')) return null;
  return hasValidCheckDigit(isin) ? isin : null;
}

/** Whether a cell says plainly that there is no ISIN. */
export function isAbsentIsin(text: string): boolean {
  return /^(|-|NA|N\/A)$/i.test(text.trim());
}

/** What an ISIN names, as far as its own characters tell. */
export type IsinKind = 'company-equity' | 'company-other' | 'fund' | 'other';

export function isinKind(isin: string): IsinKind {
  if (isin.startsWith('INF')) return 'fund';
  if (isin.startsWith('INE') && isin.slice(7, 9) === '01') return 'company-equity';
  if (isin.startsWith('INE') || isin.startsWith('IN9')) return 'company-other';
  return 'other';
}

/** The issuer code shared by all of a company's ISINs (INE155A01022 and IN9155A01020: 155A). */
export function issuerCodeOf(isin: string): string {
  return isin.slice(3, 7);
}

/** Whether an ISIN is a company's: an equity share, a DVR or partly paid share, a bond (INE…, IN9…). */
export const isCompanyIsin = (isin: string): boolean => isin.startsWith('INE') || isin.startsWith('IN9');

/** Whether an ISIN is an equity share in the narrow sense (INE, security type 01). */
export const isEquityShareIsin = (isin: string): boolean => isinKind(isin) === 'company-equity';
