/**
 * Fiscal years as Indian text writes them: FY2024, FY24, FY 2023-24, Q3 FY25, named by the
 * year the fiscal year ends in. Questions (the planner) and answers (the writer and the
 * number check) read two-digit years differently; both rules live here.
 */

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
  const end =
    second.length === 2 ? Math.floor(start / 100) * 100 + Number(second) + (Number(second) < start % 100 ? 100 : 0) : Number(second);
  return end === start + 1 && inRange(end) ? end : undefined;
}

/**
 * The fiscal year an answer writes after "FY" or "fiscal year": FY25 is 2025 (two digits are
 * always 20xx, unlike a question's fullYear), FY2024-25 and FY2024/2025 are 2025; a second
 * year that does not follow the first is undefined. No range check: the answer check holds
 * the year against the packet's.
 */
export function writtenFiscalYear(first: string, second: string | undefined): number | undefined {
  const year = first.length === 2 ? 2000 + Number(first) : Number(first);
  if (second === undefined) return year;
  const next = second.length === 2 ? (year + 1) % 100 : year + 1;
  return Number(second) === next ? year + 1 : undefined;
}

/** "FY2025", or undefined below 100 (two digits would read as FY20xx). */
export const fiscalYearLabel = (year: number): string | undefined => (year >= 100 ? `FY${year}` : undefined);

/** "Q3 FY2025", or undefined unless the quarter is 1..4. */
export const quarterLabel = (quarter: number | null, year: number): string | undefined =>
  quarter !== null && quarter >= 1 && quarter <= 4 && year >= 100 ? `Q${quarter} FY${year}` : undefined;
