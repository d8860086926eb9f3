/** The schemes a company reference can use besides a UUID. */
export type ReferenceScheme = 'nse' | 'bse' | 'isin' | 'cin';

export type CompanyReference =
  { readonly scheme: 'uuid'; readonly value: string } | { readonly scheme: ReferenceScheme; readonly value: string };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ISIN = /^[A-Z]{2}[A-Z0-9]{9}[0-9]$/;
const CIN = /^[LU]\d{5}[A-Z]{2}\d{4}[A-Z]{3}\d{6}$/;
const BSE_CODE = /^\d{6}$/;

/**
 * Reads a company reference exactly: `NSE:<SYMBOL>`, `BSE:<CODE>`, an ISIN, a CIN, a
 * UUID, or a bare ticker (six digits are a BSE code, anything else an NSE symbol).
 * Nothing here guesses: a name is not a reference, and search offers candidates for it.
 */
export function parseCompanyReference(input: string): CompanyReference {
  const text = input.trim();
  const prefixed = /^(NSE|BSE):(.+)$/i.exec(text);
  if (prefixed) {
    const scheme = prefixed[1]?.toUpperCase() === 'NSE' ? 'nse' : 'bse';
    return { scheme, value: (prefixed[2] ?? '').trim().toUpperCase() };
  }
  if (UUID.test(text)) return { scheme: 'uuid', value: text.toLowerCase() };
  const upper = text.toUpperCase();
  if (ISIN.test(upper)) return { scheme: 'isin', value: upper };
  if (CIN.test(upper)) return { scheme: 'cin', value: upper };
  if (BSE_CODE.test(text)) return { scheme: 'bse', value: text };
  return { scheme: 'nse', value: upper };
}
