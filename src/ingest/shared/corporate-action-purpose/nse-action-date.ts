import { parseExchangeDate } from '#domain/indian-text';

/**
 * A date as NSE's corporate-actions exports write it: `07-Aug-2026`, and in long archives
 * re-saved through spreadsheets `4-Jan-95`. A two-digit year is 19yy from 50 up and 20yy
 * below: NSE's records start in 1994, so this holds until 2049.
 */
export function parseNseActionDate(text: string): string | null {
  const m = /^(\d{1,2})-([A-Za-z]{3})-(\d{2})$/.exec(text.trim());
  if (!m) return parseExchangeDate(text);
  const year = Number(m[3]);
  return parseExchangeDate(`${m[1]}-${m[2]}-${year >= 50 ? 1900 + year : 2000 + year}`);
}
