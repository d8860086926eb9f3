import { cleanName } from './clean-name.ts';

/**
 * A sector label in the project's vocabulary: the NSE sector names as the NIFTY index lists
 * print them. BSE writes the same names with commas ("Oil, Gas & Consumable Fuels") where
 * niftyindices.com drops them ("Oil Gas & Consumable Fuels"), so commas are removed and the
 * two sources agree. `-` and empty cells are null.
 */
export function sectorName(text: string | null | undefined): string | null {
  const cleaned = cleanName(text);
  if (cleaned === null) return null;
  const withoutCommas = cleaned.replace(/,/g, '').replace(/\s+/g, ' ').trim();
  return withoutCommas === '' ? null : withoutCommas;
}
