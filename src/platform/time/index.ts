// src/platform/time: what other modules use of it, and the only file they import (docs/architecture.md "Modules").
export { type CalendarDay, isIsoDate, isoDay, isRealDay, parseIsoDay, utcDateOf, utcMs } from './calendar-day.ts';
export { isQuarterEnd, quarterEndsUpTo, quarterStart } from './calendar-quarter.ts';
export { addDays, addMonths, daysBetween, endOfMonth, monthsSpanned, yearEarlier } from './date-arithmetic.ts';
export {
  type FiscalQuarter,
  fiscalQuarterOf,
  fiscalQuarterOfMonth,
  fiscalQuarterSpan,
  type FiscalQuarterSpan,
  previousQuarter,
} from './fiscal-quarter.ts';
export { type FiscalYear, fiscalYearOf, indianFiscalYearOf, type Resolved, resolveFiscalYear } from './fiscal-year.ts';
export { formatInstant, isoInstant, parseInstant, writtenDateOf, zoneOffsetMinutes } from './instant.ts';
export { istDateOf, istDayStartMs, istInstant, istParts, istToIso } from './ist.ts';
export { isWeekday, weekdayOnOrAfter, weekdaysUpTo } from './weekdays.ts';
