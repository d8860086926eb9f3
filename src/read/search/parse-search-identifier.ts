import { type CompanyReference, parseCompanyReference } from '#domain/identity';

/** A query that reads as an identifier, and whether it named its exchange (`NSE:`/`BSE:`). */
export type SearchIdentifier = CompanyReference & { readonly prefixed: boolean };

const PREFIXED = /^(NSE|BSE)\s*:\s*\S+$/i;
// A bare ticker: NSE symbols are letters, digits and & - _ . (M&M, BAJAJ-AUTO); BSE codes six digits.
export const BARE_TICKER = /^[A-Z0-9][A-Z0-9&\-_.]{0,19}$/i;
const WHOLE =
  /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|[A-Z]{2}[A-Z0-9]{9}[0-9]|[LU]\d{5}[A-Z]{2}\d{4}[A-Z]{3}\d{6})$/i;

/**
 * Reads a search query as an identifier when it has an identifier's shape: `NSE:<SYMBOL>`,
 * `BSE:<CODE>`, a UUID, an ISIN, a CIN, or one ticker-like word. Anything with spaces (a
 * name or a phrase) is not an identifier. Pure; whether it resolves is the database's answer.
 */
export function parseSearchIdentifier(query: string): SearchIdentifier | undefined {
  const text = query.trim();
  const prefixed = PREFIXED.test(text);
  if (!prefixed && !WHOLE.test(text) && !BARE_TICKER.test(text)) return undefined;
  const reference = parseCompanyReference(prefixed ? text.replace(/\s*:\s*/, ':') : text);
  return reference.value === '' ? undefined : { ...reference, prefixed };
}
