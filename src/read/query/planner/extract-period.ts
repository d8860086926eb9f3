import type { PlanPeriod } from '#schemas/query';
import { readBalanceSheetDates } from './balance-sheet-dates.ts';
import { readExplicitPeriods } from './explicit-periods.ts';
import { readMonthPeriods } from './month-periods.ts';
import { type CalendarQuarter, describeMention, type PeriodMention, type PeriodRecognizer } from './period-mention.ts';
import { readPeriodWords } from './period-words.ts';
import { readRelativePeriods } from './relative-periods.ts';
import { maskSpans, type Span } from './spans.ts';

/** What the question says about the period. */
export interface PeriodRead {
  readonly fiscalYear: number | null;
  readonly fiscalQuarter: number | null;
  /** Null when nothing in the question says; the planner then picks a default. */
  readonly period: PlanPeriod | null;
  readonly latest: boolean;
  /** The calendar quarter, when the chosen period was written with a month ("December 2024 quarter"). */
  readonly calendarQuarter: CalendarQuarter | null;
  readonly spans: readonly Span[];
  readonly notes: readonly string[];
}

// Most specific first; each recognizer reads the text with earlier phrases masked.
const RECOGNIZERS: readonly PeriodRecognizer[] = [
  readBalanceSheetDates,
  readMonthPeriods,
  readExplicitPeriods,
  readRelativePeriods,
  readPeriodWords,
];

/** Every period phrase, in recognizer order. */
export function readMentions(text: string, today: string | undefined): PeriodMention[] {
  const mentions: PeriodMention[] = [];
  let masked = text;
  for (const recognize of RECOGNIZERS) {
    const found = recognize(masked, today);
    mentions.push(...found);
    masked = maskSpans(
      masked,
      found.map((m) => m.span),
    );
  }
  return mentions;
}

/** A later year, or the same year with a quarter. */
const outranks = (m: PeriodMention, best: PeriodMention) =>
  (m.fiscalYear ?? 0) > (best.fiscalYear ?? 0) || (m.fiscalYear === best.fiscalYear && best.quarter === null && m.quarter !== null);

/**
 * The period of the question. Of several years, the latest wins (explicit phrases before
 * relative ones) and the others are noted; a quarter written apart ("Q3 ... in FY24")
 * joins its year; the kind of period comes from the chosen phrase, else from words such as
 * "quarterly", else it is left to the planner.
 */
export function extractPeriod(text: string, today?: string): PeriodRead {
  const mentions = readMentions(text, today);
  const dated = mentions.filter((m) => m.fiscalYear !== null);
  const explicit = dated.filter((m) => m.relative !== true);
  const pool = explicit.length > 0 ? explicit : dated;
  const chosen = pool.reduce<PeriodMention | undefined>((best, m) => (!best || outranks(m, best) ? m : best), undefined);
  const looseQuarter = mentions.find((m) => m.fiscalYear === null && m.quarter !== null);
  const quarter = chosen?.quarter ?? looseQuarter?.quarter ?? null;
  const word = mentions.find((m) => m.fiscalYear === null && m.quarter === null && m.period !== null);
  const period: PlanPeriod | null =
    quarter !== null
      ? chosen?.period === 'instant'
        ? 'instant'
        : 'quarterly'
      : chosen?.period === 'any'
        ? 'any'
        : (word?.period ?? chosen?.period ?? null);
  // A quarter joined to a year is no longer "a quarter with no year".
  const notes = mentions.flatMap((m) => (m.note && !(m === looseQuarter && chosen) ? [m.note] : []));
  for (const other of dated) {
    if (chosen && other !== chosen && other.fiscalYear !== chosen.fiscalYear)
      notes.push(`${describeMention(other)} also named: a plan holds one fiscal year, the latest is used`);
  }
  if (chosen || quarter !== null) notes.push(`period: ${describeMention({ fiscalYear: chosen?.fiscalYear ?? null, quarter })}`);
  return {
    fiscalYear: chosen?.fiscalYear ?? null,
    fiscalQuarter: quarter,
    period,
    latest: !chosen && mentions.some((m) => m.latest === true),
    calendarQuarter: chosen?.calendarQuarter ?? null,
    spans: mentions.map((m) => m.span),
    notes,
  };
}
