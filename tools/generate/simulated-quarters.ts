import { endOfMonth, type FiscalQuarterSpan, fiscalQuarterSpan } from '#platform/time';
import type { YearEnd } from './universe.ts';

/**
 * The quarters to simulate for the quarter ends to be filed: from the first quarter of the
 * fiscal year the first filed quarter belongs to, since a year-to-date column needs the
 * quarters before it.
 */
export function simulatedQuarters(filedEnds: readonly string[], yearEnd: YearEnd): FiscalQuarterSpan[] {
  const [first] = filedEnds;
  if (first === undefined) return [];
  const { quarter } = fiscalQuarterSpan(first, yearEnd);
  const year = Number(first.slice(0, 4));
  const month = Number(first.slice(5, 7));
  const warmUp = Array.from({ length: quarter - 1 }, (_, i) => fiscalQuarterSpan(endOfMonth(year, month - 3 * (quarter - 1 - i)), yearEnd));
  return [...warmUp, ...filedEnds.map((end) => fiscalQuarterSpan(end, yearEnd))];
}
