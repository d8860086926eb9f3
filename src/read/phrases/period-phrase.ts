import { formatDay, fiscalYearLabel, quarterLabel } from '#domain/indian-text';

interface PeriodLike {
  readonly type: string;
  readonly start: string | null;
  readonly end: string;
  readonly fiscal_year: number;
  readonly fiscal_quarter: number | null;
}

/** A period in words ("for the quarter ended 31 December 2024") and its fiscal label ("Q3 FY2025"). */
export interface PeriodPhrase {
  readonly phrase: string;
  readonly label: string | undefined;
}

const withLabel = (label: string | undefined, words: string): string | undefined => (label === undefined ? undefined : `${label} ${words}`);

/**
 * Quarters and years by their end and fiscal label, balance-sheet dates as "as at", other
 * durations (half years, nine months) by start and end. Dates only in the forms the number
 * check recognises; no number words ("nine months" would be one).
 */
export function periodPhrase(period: PeriodLike): PeriodPhrase {
  const end = formatDay(period.end);
  const year = fiscalYearLabel(period.fiscal_year);
  switch (period.type) {
    case 'quarterly':
      return { phrase: `for the quarter ended ${end}`, label: quarterLabel(period.fiscal_quarter, period.fiscal_year) ?? year };
    case 'annual':
      return { phrase: `for the year ended ${end}`, label: year };
    case 'instant':
      return { phrase: `as at ${end}`, label: undefined };
    default: {
      const span = period.start === null ? `for the period ended ${end}` : `for the period from ${formatDay(period.start)} to ${end}`;
      return { phrase: span, label: withLabel(year, period.type === 'half_yearly' ? 'half year' : 'year to date') };
    }
  }
}
