import { isIsoDate } from './calendar-day.ts';
import { addDays, addMonths, monthsSpanned } from './date-arithmetic.ts';

/**
 * Fiscal years, named by the calendar year they end in. The Indian fiscal year runs from
 * 1 April to 31 March (FY2024 = 1 Apr 2023 to 31 Mar 2024); a company may keep another year
 * (January to December), and a filing states its own.
 */

/** A company's fiscal year as one filing states it. */
export interface FiscalYear {
  readonly start: string;
  readonly end: string;
}

export type Resolved<T> = { ok: true; value: T; note: string | null } | { ok: false; reason: string };

/**
 * The Indian fiscal year (April to March) a date falls in. For filings that carry no
 * fiscal-year dates of their own (shareholding, actions, disclosures); financial results
 * carry the company's own dates (fiscalYearOf).
 */
export const indianFiscalYearOf = (date: string): number => indianFiscalYearOfMonth(Number(date.slice(0, 4)), Number(date.slice(5, 7)));

/** The Indian fiscal year a calendar month (1..12) of a year falls in: April 2023 to March 2024 are FY2024. */
export const indianFiscalYearOfMonth = (year: number, month: number): number => (month >= 4 ? year + 1 : year);

/** The longest fiscal year Indian company law allows (a change of year end): 18 months. */
const MAX_FISCAL_MONTHS = 18;

export const fiscalYearContains = (year: FiscalYear, date: string): boolean => year.start <= date && date <= year.end;
const yearFrom = (start: string): FiscalYear => ({ start, end: addDays(addMonths(start, 12), -1) });
/** The twelve-month year ending on `end`. */
export const fiscalYearTo = (end: string): FiscalYear => ({ start: addMonths(addDays(end, 1), -12), end });

/**
 * The fiscal year a filing reports in, from its own DateOfStart/EndOfFinancialYear. Some
 * filings state an impossible year (its end equal to the quarter's end, or before its
 * start); then the stated start (or end, or the year-to-date column's start) gives a
 * twelve-month year containing the reporting date, with a note saying so. Years of 12 to
 * 18 months are taken as stated (ACC and Ambuja ran Jan 2022..Mar 2023 when they moved
 * their year end).
 */
export function resolveFiscalYear(
  stated: { start: string | null; end: string | null },
  reportingEnd: string,
  ytdStart: string | null,
): Resolved<FiscalYear> {
  const start = isIsoDate(stated.start) ? stated.start : null;
  const end = isIsoDate(stated.end) ? stated.end : null;
  if (start && end && start < end) {
    const months = monthsSpanned(start, end);
    const year = { start, end };
    if (months >= 12 && months <= MAX_FISCAL_MONTHS && fiscalYearContains(year, reportingEnd)) return { ok: true, value: year, note: null };
  }
  const candidates = [start && yearFrom(start), end && fiscalYearTo(end), ytdStart && yearFrom(ytdStart)];
  const repaired = candidates.find((year): year is FiscalYear => !!year && fiscalYearContains(year, reportingEnd));
  const statedText = `${stated.start ?? 'no start'}..${stated.end ?? 'no end'}`;
  if (!repaired) {
    return { ok: false, reason: `the financial year stated (${statedText}) does not contain the reporting date ${reportingEnd}` };
  }
  return {
    ok: true,
    value: repaired,
    note: `the financial year stated (${statedText}) is not a year containing ${reportingEnd}; taken as ${repaired.start}..${repaired.end}`,
  };
}

/** The fiscal year (named by the calendar year it ends in) that a date falls in, for a company whose current year is `current`. */
export function fiscalYearOf(date: string, current: FiscalYear): number {
  if (fiscalYearContains(current, date)) return Number(current.end.slice(0, 4));
  const monthDay = current.end.slice(4);
  let year = Number(date.slice(0, 4)) - 1;
  while (`${year}${monthDay}` < date) year += 1;
  return year;
}
