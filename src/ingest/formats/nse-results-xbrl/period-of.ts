import type { Period, PeriodType } from '#schemas/common';
import { monthsSpanned, fiscalQuarterOf, type FiscalYear, fiscalYearOf, type Resolved } from '#platform/time';

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
