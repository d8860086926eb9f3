import { fullYear, MONTH_PATTERN, monthNumber } from '#domain/indian-text';
import { endOfMonth, type FiscalQuarter, fiscalQuarterOfMonth } from '#platform/time';
import { readMentions } from './extract-period.ts';
import { maskSpans, type Span, spanOf } from './spans.ts';

/** A change of ownership asked between two days: the earlier pattern's day and the later's quarter. */
export interface OwnershipChangeRead {
  /** The day the change is measured from (YYYY-MM-DD): the pattern in force then. */
  readonly from: string;
  /** The later pattern's quarter, or null for the newest. */
  readonly to: FiscalQuarter | null;
  readonly notes: readonly string[];
}

/** A point in time the question names: the last day of its period. */
interface Point {
  readonly span: Span;
  readonly day: string;
  /** A fiscal year named without a quarter ("FY24"). */
  readonly year?: boolean;
}

/** The last day of a fiscal quarter: Q1 FY2024 ends on 30 June 2023. */
function quarterEndDay(fiscalYear: number, quarter: number): string {
  return quarter === 4 ? endOfMonth(fiscalYear, 3) : endOfMonth(fiscalYear - 1, quarter * 3 + 3);
}

// "June to September 2023", "Jun-Sep 2023": the first month takes the year written last
// (the year before when it comes later in the calendar: "December to March 2024").
const MONTH_RANGE = new RegExp(
  String.raw`\b(${MONTH_PATTERN})\s*(?:to|till|until|through|and|-|vs\.?|versus)\s*(${MONTH_PATTERN})[\s,'-]*(\d{4}|\d{2})\b`,
  'gid',
);
// "June 2023", "Jun-23", "Jun'23"
const MONTH_YEAR = new RegExp(String.raw`\b(${MONTH_PATTERN})[\s,'-]*(\d{4}|\d{2})\b`, 'gi');

function monthPoints(text: string): Point[] {
  const points: Point[] = [];
  for (const m of text.matchAll(MONTH_RANGE)) {
    const [first, second, year] = [monthNumber(m[1] ?? ''), monthNumber(m[2] ?? ''), fullYear(m[3] ?? '')];
    if (first === undefined || second === undefined) continue;
    const span = spanOf(m);
    const split = m.indices?.[2]?.[0] ?? span.end;
    points.push({ span: { start: span.start, end: split }, day: endOfMonth(first > second ? year - 1 : year, first) });
    points.push({ span: { start: split, end: span.end }, day: endOfMonth(year, second) });
  }
  const rest = maskSpans(
    text,
    points.map((p) => p.span),
  );
  for (const m of rest.matchAll(MONTH_YEAR)) {
    const month = monthNumber(m[1] ?? '');
    if (month !== undefined) points.push({ span: spanOf(m), day: endOfMonth(fullYear(m[2] ?? ''), month) });
  }
  return points;
}

/** Every dated point of the question, in the order written: periods (a year alone is its last day), months, days. */
function pointsOf(text: string, today: string | undefined): Point[] {
  const periods = readMentions(text, today).flatMap((m): Point[] =>
    m.fiscalYear === null ? [] : [{ span: m.span, day: quarterEndDay(m.fiscalYear, m.quarter ?? 4), year: m.quarter === null }],
  );
  const months = monthPoints(
    maskSpans(
      text,
      periods.map((p) => p.span),
    ),
  );
  return [...periods, ...months].sort((a, b) => a.span.start - b.span.start);
}

const SINCE = /\bsince\s*$/i;
// A change asked of one period ("how did FII holding change in Q2 FY24", "promoter stake
// rise over FY24"): from the end of the period before.
const CHANGE =
  /\b(?:chang\w*|increas\w*|decreas\w*|ris(?:e|en|ing)|rose|f[ae]ll\w*|drop\w*|declin\w*|mov\w*|shift\w*|(?:went|gone|go)\s+(?:up|down))\b/i;

const toQuarter = (day: string): FiscalQuarter => fiscalQuarterOfMonth(Number(day.slice(0, 4)), Number(day.slice(5, 7)));

/** The end of the period before a point's: a quarter's, or for a year the year before's. */
function periodBefore(point: Point): string {
  const { fiscalYear, quarter } = toQuarter(point.day);
  if (point.year) return `${fiscalYear - 1}-03-31`;
  return quarter === 1 ? quarterEndDay(fiscalYear - 1, 4) : quarterEndDay(fiscalYear, quarter - 1);
}

const read = (from: string, to: FiscalQuarter | null): OwnershipChangeRead => ({
  from,
  to,
  notes: [`change_from: ${from}; compared with ${to ? `Q${to.quarter} FY${to.fiscalYear}` : 'the newest pattern'}, in percentage points`],
});

/**
 * A change of shareholding between two points of time: "June to September 2023", "between
 * Q1 FY24 and Q4 FY24", "March 2024 vs June 2024", "since June 2023", "change over FY24".
 * The earlier point is the day to measure from (a month stands for the pattern of its end);
 * the later one is the quarter of the plan (none: the newest pattern). Pure.
 */
export function readOwnershipChange(text: string, today: string | undefined): OwnershipChangeRead | undefined {
  const points = pointsOf(text, today);
  const days = points.map((p) => p.day).sort();
  const [first, last] = [days[0], days[days.length - 1]];
  if (first !== undefined && last !== undefined && first !== last) return read(first, toQuarter(last));
  const [only] = points;
  if (!only) return undefined;
  if (SINCE.test(text.slice(0, only.span.start))) return read(only.day, null);
  return CHANGE.test(text) ? read(periodBefore(only), toQuarter(only.day)) : undefined;
}
