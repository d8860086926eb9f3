import { type CalendarDay, isRealDay } from '#platform/time';
import { MONTH_PATTERN, monthNumber } from './month-names.ts';

/** A day read from a question (the planner's date grammar), and where its text ends. */
export interface DateRead {
  readonly day: CalendarDay;
  readonly end: number;
}

type Reader = (m: RegExpExecArray) => CalendarDay | undefined;

const day = (year: string | undefined, month: number | undefined, date: string | undefined): CalendarDay | undefined =>
  month === undefined ? undefined : { year: Number(year), month, day: Number(date) };

// Sticky (`y`) patterns, tried in order at one position. Numeric days are day-first
// (01/06/2023 is 1 June), as Indian documents write them.
const FORMS: ReadonlyArray<readonly [RegExp, Reader]> = [
  [/(\d{4})-(\d{1,2})-(\d{1,2})(?![\d:T])/y, (m) => day(m[1], Number(m[2]), m[3])],
  [
    new RegExp(`(\\d{1,2})(?:st|nd|rd|th)?(?:\\s+of)?[\\s-]+(${MONTH_PATTERN})[\\s,-]+(\\d{4})\\b`, 'iy'),
    (m) => day(m[3], monthNumber(m[2] ?? ''), m[1]),
  ],
  [new RegExp(`(${MONTH_PATTERN})\\s+(\\d{1,2})(?:st|nd|rd|th)?,?\\s+(\\d{4})\\b`, 'iy'), (m) => day(m[3], monthNumber(m[1] ?? ''), m[2])],
  [/(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})\b/y, (m) => day(m[3], Number(m[2]), m[1])],
];

/** The calendar day written at `index` of the text (several forms), or undefined. */
export function readDateAt(text: string, index: number): DateRead | undefined {
  for (const [pattern, read] of FORMS) {
    pattern.lastIndex = index;
    const match = pattern.exec(text);
    const found = match ? read(match) : undefined;
    if (match && found && isRealDay(found)) return { day: found, end: index + match[0].length };
  }
  return undefined;
}
