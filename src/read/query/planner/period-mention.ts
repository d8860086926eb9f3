import type { PlanPeriod } from '#schemas/query';
import type { Span } from './spans.ts';

/** One period phrase read from the question. */
export interface PeriodMention {
  readonly span: Span;
  /** Null when the phrase names no year ("Q3", "the December quarter"). */
  readonly fiscalYear: number | null;
  readonly quarter: number | null;
  /** The kind of period the phrase implies, if any. */
  readonly period: PlanPeriod | null;
  /** "latest", "most recent": the newest period, no fiscal year. */
  readonly latest?: boolean;
  /** Read relative to today ("last quarter"), so a written year outranks it. */
  readonly relative?: boolean;
  /** Why the phrase was read this way, for the plan's notes. */
  readonly note?: string;
  /** The calendar quarter a phrase written with a month names: "December 2024 quarter" is 2024 Q4. */
  readonly calendarQuarter?: CalendarQuarter;
}

/** A quarter of a calendar year: Q4 is October to December. */
export interface CalendarQuarter {
  readonly year: number;
  readonly quarter: number;
}

/** A recognizer: every mention of one form of period phrase in the (masked) text. */
export type PeriodRecognizer = (text: string, today: string | undefined) => PeriodMention[];

/** "Q3 FY2024", "FY2024": how a mention is named in notes. */
export const describeMention = (m: Pick<PeriodMention, 'fiscalYear' | 'quarter'>): string =>
  [m.quarter === null ? '' : `Q${m.quarter}`, m.fiscalYear === null ? '' : `FY${m.fiscalYear}`].filter(Boolean).join(' ') ||
  'no fiscal year';
