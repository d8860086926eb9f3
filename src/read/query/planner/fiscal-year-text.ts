/** The fiscal years a plan may name (RetrievalPlan.fiscal_year bounds). */
export const MIN_FISCAL_YEAR = 1900;
export const MAX_FISCAL_YEAR = 2200;

/** A written year: four digits as is; two digits 00..49 are 20xx and 50..99 are 19xx. */
export function fullYear(text: string): number {
  const year = Number(text);
  if (text.length !== 2) return year;
  return year < 50 ? 2000 + year : 1900 + year;
}

const inRange = (year: number) => Number.isInteger(year) && year >= MIN_FISCAL_YEAR && year <= MAX_FISCAL_YEAR;

/**
 * The fiscal year a text names, by its end year: "24" and "2024" are FY2024; a range
 * "2023", "24" (FY 2023-24) is FY2024 and must be two consecutive years. Undefined when
 * the range is not consecutive or the year is outside 1900..2200.
 */
export function fiscalYearFromText(first: string, second?: string): number | undefined {
  const start = fullYear(first);
  if (second === undefined) return inRange(start) ? start : undefined;
  const end = second.length === 2 ? Math.floor(start / 100) * 100 + Number(second) + (Number(second) < start % 100 ? 100 : 0) : Number(second);
  return end === start + 1 && inRange(end) ? end : undefined;
}
