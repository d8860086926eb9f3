import { quarterStart } from './calendar-quarter.ts';
import { monthsSpanned } from './date-arithmetic.ts';
import { type FiscalYear, fiscalYearContains, fiscalYearOf, fiscalYearTo, indianFiscalYearOfMonth } from './fiscal-year.ts';

/**
 * Quarters of a fiscal year. In the Indian year (April to March) Q1 = Apr..Jun,
 * Q2 = Jul..Sep, Q3 = Oct..Dec, Q4 = Jan..Mar; in a calendar year Q1 = Jan..Mar.
 */
export interface FiscalQuarter {
  readonly fiscalYear: number;
  readonly quarter: 1 | 2 | 3 | 4;
}

/** The Indian fiscal quarter a calendar month (1..12) of a year falls in: December 2023 is Q3 FY2024. */
export function fiscalQuarterOfMonth(year: number, month: number): FiscalQuarter {
  const fiscalYear = indianFiscalYearOfMonth(year, month);
  return { fiscalYear, quarter: month <= 3 ? 4 : ((Math.floor((month - 4) / 3) + 1) as 1 | 2 | 3) };
}

/** The quarter before a quarter. */
export function previousQuarter({ fiscalYear, quarter }: FiscalQuarter): FiscalQuarter {
  return quarter === 1 ? { fiscalYear: fiscalYear - 1, quarter: 4 } : { fiscalYear, quarter: (quarter - 1) as 1 | 2 | 3 };
}

/**
 * The quarter of its fiscal year a date ends in, 1..4, for a company whose current year is
 * `current` (any year end, and a long transition year); null past a fourth quarter.
 */
export function fiscalQuarterOf(date: string, current: FiscalYear): number | null {
  const fiscalYear = fiscalYearOf(date, current);
  const yearStart = fiscalYearContains(current, date) ? current.start : fiscalYearTo(`${fiscalYear}${current.end.slice(4)}`).start;
  const quarter = Math.ceil(monthsSpanned(yearStart, date) / 3);
  return quarter >= 1 && quarter <= 4 ? quarter : null;
}

/** A fiscal quarter with its dates and its year's. */
export interface FiscalQuarterSpan extends FiscalQuarter {
  readonly start: string;
  readonly end: string;
  readonly yearStart: string;
  readonly yearEnd: string;
}

/**
 * The fiscal quarter a calendar quarter end is, for a company whose year ends in March (the
 * Indian year) or December (the calendar year, named by itself).
 */
export function fiscalQuarterSpan(quarterEnd: string, yearEnd: 'march' | 'december'): FiscalQuarterSpan {
  const year = Number(quarterEnd.slice(0, 4));
  const month = Number(quarterEnd.slice(5, 7));
  const start = quarterStart(quarterEnd);
  if (yearEnd === 'december') {
    return {
      fiscalYear: year,
      quarter: (month / 3) as 1 | 2 | 3 | 4,
      start,
      end: quarterEnd,
      yearStart: `${year}-01-01`,
      yearEnd: `${year}-12-31`,
    };
  }
  const { fiscalYear, quarter } = fiscalQuarterOfMonth(year, month);
  return { fiscalYear, quarter, start, end: quarterEnd, yearStart: `${fiscalYear - 1}-04-01`, yearEnd: `${fiscalYear}-03-31` };
}
