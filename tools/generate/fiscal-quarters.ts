import { quarterStart } from './calendar.ts';
import type { YearEnd } from './universe.ts';

/** A quarter of a company's fiscal year, with the year it belongs to. */
export interface FiscalQuarter {
  /** Named by the calendar year the fiscal year ends in (FY2025 = Apr 2024..Mar 2025). */
  readonly fiscalYear: number;
  readonly quarter: 1 | 2 | 3 | 4;
  readonly start: string;
  readonly end: string;
  readonly yearStart: string;
  readonly yearEnd: string;
}

/** The fiscal quarter a calendar quarter end is, for a company whose year ends in March or December. */
export function fiscalQuarterOf(quarterEnd: string, yearEnd: YearEnd): FiscalQuarter {
  const year = Number(quarterEnd.slice(0, 4));
  const month = Number(quarterEnd.slice(5, 7));
  const start = quarterStart(quarterEnd);
  if (yearEnd === 'december') {
    return { fiscalYear: year, quarter: (month / 3) as 1 | 2 | 3 | 4, start, end: quarterEnd, yearStart: `${year}-01-01`, yearEnd: `${year}-12-31` };
  }
  const fiscalYear = month <= 3 ? year : year + 1;
  const quarter = (month <= 3 ? 4 : (month - 3) / 3) as 1 | 2 | 3 | 4;
  return { fiscalYear, quarter, start, end: quarterEnd, yearStart: `${fiscalYear - 1}-04-01`, yearEnd: `${fiscalYear}-03-31` };
}

/**
 * The quarters to simulate for the quarter ends to be filed: from the first quarter of the
 * fiscal year the first filed quarter belongs to, since a year-to-date column needs the
 * quarters before it.
 */
export function simulatedQuarters(filedEnds: readonly string[], yearEnd: YearEnd): FiscalQuarter[] {
  const [first] = filedEnds;
  if (first === undefined) return [];
  const { quarter } = fiscalQuarterOf(first, yearEnd);
  const year = Number(first.slice(0, 4));
  const month = Number(first.slice(5, 7));
  const warmUp = Array.from({ length: quarter - 1 }, (_, i) => {
    const index = year * 12 + month - 1 - 3 * (quarter - 1 - i);
    const end = new Date(Date.UTC(Math.floor(index / 12), (index % 12) + 1, 0)).toISOString().slice(0, 10);
    return fiscalQuarterOf(end, yearEnd);
  });
  return [...warmUp, ...filedEnds.map((end) => fiscalQuarterOf(end, yearEnd))];
}
