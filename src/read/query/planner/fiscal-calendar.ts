/**
 * The Indian fiscal year, named by the calendar year it ends in: FY2024 = 1 Apr 2023 to
 * 31 Mar 2024, Q1 = Apr..Jun, Q2 = Jul..Sep, Q3 = Oct..Dec, Q4 = Jan..Mar.
 */
export interface FiscalQuarter {
  readonly fiscalYear: number;
  readonly quarter: 1 | 2 | 3 | 4;
}

/** The fiscal quarter a calendar month (1..12) of a year falls in. */
export function fiscalQuarterOfMonth(year: number, month: number): FiscalQuarter {
  if (month <= 3) return { fiscalYear: year, quarter: 4 };
  return { fiscalYear: year + 1, quarter: (Math.floor((month - 4) / 3) + 1) as 1 | 2 | 3 };
}

/** The quarter before a quarter. */
export function previousQuarter({ fiscalYear, quarter }: FiscalQuarter): FiscalQuarter {
  return quarter === 1 ? { fiscalYear: fiscalYear - 1, quarter: 4 } : { fiscalYear, quarter: (quarter - 1) as 1 | 2 | 3 };
}

/** A calendar day as numbers. */
export interface CalendarDay {
  readonly year: number;
  readonly month: number;
  readonly day: number;
}

/** Whether the day exists (no 31 June, 29 February only in leap years). */
export function isRealDay({ year, month, day }: CalendarDay): boolean {
  if (!Number.isInteger(year) || month < 1 || month > 12 || day < 1) return false;
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** `YYYY-MM-DD` of a day. */
export const isoDay = ({ year, month, day }: CalendarDay): string =>
  `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;

/** A `YYYY-MM-DD` text as a real day, else undefined. */
export function parseIsoDay(text: string): CalendarDay | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return undefined;
  const day = { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) };
  return isRealDay(day) ? day : undefined;
}
