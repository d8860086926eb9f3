import { parseDecimalText, shiftDecimal } from '#platform/decimals';
import type { Facts } from './shp-document.ts';

export const PERCENT_CONCEPT = 'ShareholdingAsAPercentageOfTotalNumberOfShares';

/** The rows that together are the whole company: the grand total, or promoter + public + non-promoter-non-public. */
const TOTAL_MEMBER = 'shareholdingpatternmember';
const PARTS = [
  'shareholdingofpromoterandpromotergroupmember',
  'publicshareholdingmember',
  'sharesheldbynonpromoternonpublicshareholdersmember',
];

/**
 * The power of ten that turns the filing's percentages into percent. The same concept is
 * written as a fraction (0.6081, taxonomies of 2025 on), as percent (60.81) or as percent
 * times 100 (6081.00, seen in 2016-era filings), so the scale is read from the rows that make
 * up the whole company, which must come to 1, 100 or 10000.
 */
export function percentScale(
  categories: ReadonlyMap<string, Facts>,
): { readonly ok: true; readonly power: number } | { readonly ok: false; readonly reason: string } {
  const pctOf = (member: string) => {
    const text = categories.get(member)?.get(PERCENT_CONCEPT);
    const value = text === undefined ? null : parseDecimalText(text);
    return typeof value === 'string' ? Number(value) : null;
  };
  const total = pctOf(TOTAL_MEMBER);
  const parts = PARTS.map(pctOf).filter((v): v is number => v !== null);
  const whole = total ?? (parts.length > 0 ? parts.reduce((a, b) => a + b, 0) : null);
  if (whole === null) return { ok: true, power: 0 };
  if (whole > 0.5 && whole <= 1.5) return { ok: true, power: 2 };
  if (whole > 50 && whole <= 150) return { ok: true, power: 0 };
  if (whole > 5000 && whole <= 15000) return { ok: true, power: -2 };
  return {
    ok: false,
    reason: `cannot tell how the percentages are written: the whole company's rows come to ${whole}, expected 1 (fractions) or 100 (percent)`,
  };
}

/** A filed percentage in percent, exact; null when absent, undefined when not a number from 0 to 100. */
export function percentOf(text: string | undefined, power: number): string | null | undefined {
  if (text === undefined) return null;
  const value = parseDecimalText(text);
  if (value === null || value === undefined) return value;
  const shifted = shiftDecimal(value, power);
  return shifted.startsWith('-') || Number(shifted) > 100 ? undefined : shifted;
}
