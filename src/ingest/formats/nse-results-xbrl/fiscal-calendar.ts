import type { Period, PeriodType } from '../../../../schemas/common/period.ts';
import { addDays, addMonths, isIsoDate, monthsSpanned } from '../../../platform/time/calendar-dates.ts';

/** A company's fiscal year as one filing states it. */
export interface FiscalYear {
  readonly start: string;
  readonly end: string;
}

export type Resolved<T> = { ok: true; value: T; note: string | null } | { ok: false; reason: string };

/** The longest fiscal year Indian company law allows (a change of year end): 18 months. */
const MAX_FISCAL_MONTHS = 18;

const contains = (year: FiscalYear, date: string) => year.start <= date && date <= year.end;
const yearFrom = (start: string): FiscalYear => ({ start, end: addDays(addMonths(start, 12), -1) });
const yearTo = (end: string): FiscalYear => ({ start: addMonths(addDays(end, 1), -12), end });

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
    if (months >= 12 && months <= MAX_FISCAL_MONTHS && contains(year, reportingEnd)) return { ok: true, value: year, note: null };
  }
  const candidates = [start && yearFrom(start), end && yearTo(end), ytdStart && yearFrom(ytdStart)];
  const repaired = candidates.find((year): year is FiscalYear => !!year && contains(year, reportingEnd));
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

/** The fiscal year (named by the calendar year it ends in) that a date falls in. */
export function fiscalYearOf(date: string, current: FiscalYear): number {
  if (contains(current, date)) return Number(current.end.slice(0, 4));
  const monthDay = current.end.slice(4);
  let year = Number(date.slice(0, 4)) - 1;
  while (`${year}${monthDay}` < date) year += 1;
  return year;
}

/** The quarter of its fiscal year a date ends in, 1..4; null past a fourth quarter (a long year). */
function fiscalQuarterOf(date: string, current: FiscalYear): number | null {
  const fiscalYear = fiscalYearOf(date, current);
  const yearStart = contains(current, date) ? current.start : yearTo(`${fiscalYear}${current.end.slice(4)}`).start;
  const quarter = Math.ceil(monthsSpanned(yearStart, date) / 3);
  return quarter >= 1 && quarter <= 4 ? quarter : null;
}

const TYPE_BY_MONTHS: Readonly<Record<number, PeriodType>> = { 3: 'quarterly', 6: 'half_yearly', 9: 'nine_months' };

/**
 * A reported column's period with its type, fiscal year and quarter. A duration is
 * `annual` when it is the whole fiscal year; otherwise it is typed by its length (3, 6 or
 * 9 months). Any other length (twelve months inside an 18-month year) has no type and the
 * column is not used.
 */
export function periodOf(start: string | null, end: string, year: FiscalYear): Resolved<Period> {
  const fiscalYear = fiscalYearOf(end, year);
  if (start === null) {
    return { ok: true, value: { type: 'instant', start: null, end, fiscalYear, fiscalQuarter: fiscalQuarterOf(end, year) }, note: null };
  }
  if (start > end) return { ok: false, reason: `the period ${start}..${end} ends before it starts` };
  const months = monthsSpanned(start, end);
  const wholeYear = start === year.start && end === year.end;
  const type: PeriodType | undefined = wholeYear ? 'annual' : TYPE_BY_MONTHS[months];
  if (!type) {
    return {
      ok: false,
      reason: `the period ${start}..${end} (${months} months) is neither the fiscal year ${year.start}..${year.end} nor a quarter, half year or nine months`,
    };
  }
  const fiscalQuarter = type === 'annual' ? null : fiscalQuarterOf(end, year);
  return { ok: true, value: { type, start, end, fiscalYear, fiscalQuarter }, note: null };
}
