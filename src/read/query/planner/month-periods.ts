import { readForms } from './explicit-periods.ts';
import { fiscalQuarterOfMonth } from '#platform/time';
import { fullYear, fiscalYearFromText, MONTH_ABBREVIATIONS, MONTH_PATTERN, monthNumber } from '#domain/indian-text';
import type { PeriodMention, PeriodRecognizer } from './period-mention.ts';

type Read = (m: RegExpMatchArray) => Omit<PeriodMention, 'span'> | undefined;

const DAY = String.raw`(?:\d{1,2}(?:st|nd|rd|th)?(?:\s+of)?[\s-]+)?`;
// "December 2023", "Dec-23", "Dec'23", "December 31, 2023" (the day is not needed)
const MONTH_YEAR = String.raw`(${MONTH_PATTERN})(?:\s+\d{1,2}(?:st|nd|rd|th)?(?:,|(?=\s+\d{4}\b)))?[\s,'-]*(\d{4}|\d{2})`;
const ENDED = String.raw`(?:end(?:ed|ing)|to)\s+(?:on\s+)?`;
// 31.12.2024, 31/12/2024: a day written in digits, day first
const DIGIT_DAY = String.raw`\d{1,2}[./](\d{1,2})[./](\d{4})`;
// The months of each fiscal quarter, first and last: "Oct-Dec 2024" is Q3 FY2025.
const QUARTER_MONTHS: ReadonlyArray<readonly [number, number]> = [
  [4, 6],
  [7, 9],
  [10, 12],
  [1, 3],
];

/**
 * The fiscal quarter a month of a year falls in: December 2023 is Q3 FY2024, and the
 * calendar quarter too (2023 Q4), for companies on other fiscal calendars.
 */
const quarterOfMonth = (month: string | undefined, year: string | undefined): Omit<PeriodMention, 'span'> | undefined => {
  const number = monthNumber(month ?? '');
  if (number === undefined || year === undefined) return undefined;
  const { fiscalYear, quarter } = fiscalQuarterOfMonth(fullYear(year), number);
  if (fiscalYearFromText(String(fiscalYear)) === undefined) return undefined;
  const note = number % 3 === 0 ? undefined : `${month} is not a quarter end: read as the quarter containing it`;
  const calendarQuarter = { year: fullYear(year), quarter: Math.ceil(number / 3) };
  return { fiscalYear, quarter, period: 'quarterly', calendarQuarter, ...(note ? { note } : {}) };
};

/** A year ended in a month: the fiscal year is named by the year it ends in. */
const yearEnded = (month: string | undefined, year: string | undefined): Omit<PeriodMention, 'span'> | undefined => {
  const fiscalYear = year === undefined ? undefined : fiscalYearFromText(year);
  if (fiscalYear === undefined || monthNumber(month ?? '') === undefined) return undefined;
  return { fiscalYear, quarter: null, period: 'annual' };
};

const isoParts = (iso: string | undefined) => {
  const [year, month] = (iso ?? '').split('-');
  return { year, month: MONTH_ABBREVIATIONS[Number(month) - 1]?.toLowerCase() };
};

/** The months of a range, when they open and close one fiscal quarter: "Apr-Jun 2024". */
function quarterOfRange(first: string | undefined, last: string | undefined, year: string | undefined) {
  const [from, to] = [monthNumber(first ?? ''), monthNumber(last ?? '')];
  const fits = QUARTER_MONTHS.some(([a, b]) => a === from && b === to);
  return fits ? quarterOfMonth(last, year) : undefined;
}

// Half years and nine months ended: periods of the fiscal year the month falls in.
const PART_ENDED = new RegExp(
  String.raw`\b(?:the\s+)?(half[\s-]year|six\s+months|6\s*months|nine\s+months|9\s*months)\s+${ENDED}${DAY}${MONTH_YEAR}\b`,
  'gi',
);

const FORMS: ReadonlyArray<readonly [RegExp, Read]> = [
  // half year ended September 2024, nine months ended 31 December 2024: not a plan period
  [
    PART_ENDED,
    (m) => {
      const month = monthNumber(m[2] ?? '');
      if (month === undefined || m[3] === undefined) return undefined;
      const { fiscalYear } = fiscalQuarterOfMonth(fullYear(m[3]), month);
      const what = /half|six|6/i.test(m[1] ?? '') ? 'half years' : 'nine months';
      return { fiscalYear, quarter: null, period: 'any', note: `${what} are not a plan period; all periods of FY${fiscalYear}` };
    },
  ],
  // April-June 2024, Oct-Dec 2024 quarter, Jul to Sep 2024: a fiscal quarter's months
  [
    new RegExp(String.raw`\b(${MONTH_PATTERN})\s*(?:-|to|till|through)\s*(${MONTH_PATTERN})(?:\s+quarter)?[\s,'-]*(\d{4}|\d{2})\b`, 'gi'),
    (m) => quarterOfRange(m[1], m[2], m[3]),
  ],
  // quarter ended 31 December 2023, quarter ending Dec 2023, quarter to December 2023, QE Dec 2024,
  // quarter ended 2023-12-31 or 31.12.2023
  [
    new RegExp(String.raw`\b(?:(?:the\s+)?quarter\s+${ENDED}|QE\s*)(?:${DAY}${MONTH_YEAR}|(\d{4}-\d{2})-\d{2}|${DIGIT_DAY})\b`, 'gi'),
    (m) => {
      if (m[4] !== undefined) return quarterOfMonth(MONTH_ABBREVIATIONS[Number(m[4]) - 1]?.toLowerCase(), m[5]);
      const iso = isoParts(m[3]);
      return m[3] ? quarterOfMonth(iso.month, iso.year) : quarterOfMonth(m[1], m[2]);
    },
  ],
  // the quarter ended December: a quarter with no year
  [
    new RegExp(String.raw`\b(?:the\s+)?quarter\s+${ENDED}${DAY}(${MONTH_PATTERN})\b(?![\s,'-]*\d)`, 'gi'),
    (m) => {
      const found = quarterOfMonth(m[1], '2000');
      return found && { fiscalYear: null, quarter: found.quarter, period: 'quarterly', note: `the quarter ended ${m[1]} names no year` };
    },
  ],
  // December 2023 quarter, Dec-23 quarter, Dec'23 quarter
  [new RegExp(String.raw`\b(?:the\s+)?${MONTH_YEAR}\s+quarter\b`, 'gi'), (m) => quarterOfMonth(m[1], m[2])],
  // December quarter of 2023, December quarter 2023
  [new RegExp(String.raw`\b(?:the\s+)?(${MONTH_PATTERN})\s+quarter\s+(?:of\s+)?(\d{4})\b`, 'gi'), (m) => quarterOfMonth(m[1], m[2])],
  // the December quarter: a quarter with no year
  [
    new RegExp(String.raw`\b(?:the\s+)?(${MONTH_PATTERN})\s+quarter\b`, 'gi'),
    (m) => {
      const found = quarterOfMonth(m[1], '2000');
      return found && { fiscalYear: null, quarter: found.quarter, period: 'quarterly', note: `${m[1]} quarter names no year` };
    },
  ],
  // (as of) the end of December 2024: the quarter the month ends, or the balance at its end
  [
    new RegExp(String.raw`\b(?:as\s+(?:of|at|on)\s+)?(?:the\s+)?end\s+of\s+(?:the\s+month\s+of\s+)?${MONTH_YEAR}\b`, 'gi'),
    (m) => {
      const found = quarterOfMonth(m[1], m[2]);
      return found && (monthNumber(m[1] ?? '') ?? 0) % 3 === 0 ? { ...found, period: 'instant' } : found;
    },
  ],
  // as of September 2023, in Dec 2023, for June 2024: a month named with its year and nothing
  // else. Left unread, the question would be answered with the latest period, a figure of
  // another time; read as the quarter the month falls in (a shareholding pattern at its end,
  // a quarter's revenue), with a note when the month ends no quarter.
  [
    new RegExp(
      String.raw`\b(?:as\s+(?:of|at|on)|in|for|during)\s+(?:the\s+month\s+of\s+)?(${MONTH_PATTERN})[\s,'-]*(\d{4})\b(?![\s-]*quarter)`,
      'gi',
    ),
    (m) => quarterOfMonth(m[1], m[2]),
  ],
  // year ended 31 March 2023, FY ended March 2024, financial year ending 2024-03-31, twelve months to March 2024
  [
    new RegExp(
      String.raw`\b(?:(?:fiscal|financial)\s+)?(?:year|FY|twelve\s+months|12\s*months)\s+${ENDED}(?:${DAY}${MONTH_YEAR}|(\d{4}-\d{2})-\d{2})\b`,
      'gi',
    ),
    (m) => {
      const iso = isoParts(m[3]);
      return m[3] ? yearEnded(iso.month, iso.year) : yearEnded(m[1], m[2] && m[2].length === 4 ? m[2] : undefined);
    },
  ],
];

/** Periods written with a month: quarters ended, "December 2023 quarter", years ended. */
export const readMonthPeriods: PeriodRecognizer = (text) => readForms(text, FORMS);
