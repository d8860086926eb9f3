import { FACT_CONCEPTS, type FactConcept } from '#schemas/common';
import type { CrossSectionStep, Gap } from '#schemas/query';
import { MAX_FISCAL_YEAR, MIN_FISCAL_YEAR } from '#domain/indian-text';
import { conceptLabel } from '#read/phrases';
import { collectConcepts } from './collect-concepts.ts';
import type { PeriodRead } from './extract-period.ts';
import { hasMarketWideCue } from './question-cues.ts';
import type { QuestionReading } from './read-question.ts';

/** A cross-section the question asks for, what it leaves out, and why it reads so. */
export interface CrossSectionRead {
  readonly step: CrossSectionStep;
  readonly gaps: readonly Gap[];
  readonly notes: readonly string[];
}

const REPORTED = new Set<string>(FACT_CONCEPTS);
const isReported = (id: string): id is FactConcept => REPORTED.has(id);

type StepPeriod = Pick<CrossSectionStep, 'fiscal_year' | 'fiscal_quarter' | 'calendar_quarter' | 'period'>;

/**
 * The step's period: a quarter written with a month ("December 2024 quarter") is that
 * calendar quarter, for companies on any fiscal calendar; otherwise the fiscal quarter or
 * year as each company defines it. A balance at a date is its quarter's or year's end.
 * Undefined when the period is no single quarter or year (none, "H1", quarters of a year).
 * A calendar year outside the plan's years (December 1899 is in FY1900) is read as the fiscal quarter.
 */
function stepPeriod(read: PeriodRead): StepPeriod | undefined {
  const { calendarQuarter, fiscalYear, fiscalQuarter, period } = read;
  if (period === 'any') return undefined;
  const inRange = calendarQuarter && calendarQuarter.year >= MIN_FISCAL_YEAR && calendarQuarter.year <= MAX_FISCAL_YEAR;
  if (calendarQuarter && inRange && fiscalQuarter !== null) {
    const calendar = `${calendarQuarter.year}Q${calendarQuarter.quarter}`;
    return { fiscal_year: null, fiscal_quarter: null, calendar_quarter: calendar, period: 'quarterly' };
  }
  if (fiscalYear === null) return undefined;
  if (fiscalQuarter !== null)
    return { fiscal_year: fiscalYear, fiscal_quarter: fiscalQuarter, calendar_quarter: null, period: 'quarterly' };
  if (period === 'quarterly') return undefined;
  return { fiscal_year: fiscalYear, fiscal_quarter: null, calendar_quarter: null, period: 'annual' };
}

const periodWords = (p: StepPeriod): string =>
  p.calendar_quarter ?? `${p.fiscal_quarter === null ? '' : `Q${p.fiscal_quarter} `}FY${p.fiscal_year ?? ''}`;

/**
 * The cross-section a question asks for: no company named, a whole-market word ("all
 * companies", "every company", "across companies", "the market"), a reported concept and one
 * quarter or year, with the as-of date and basis as read. Undefined otherwise, and for event
 * questions. The first reported concept is read; other measures named are gaps (a
 * cross-section is of one concept).
 */
export function readCrossSection(q: QuestionReading): CrossSectionRead | undefined {
  if (q.reference.reference !== null || q.references.references.length > 0 || q.events.types.length > 0) return undefined;
  if (!hasMarketWideCue(q.rest)) return undefined;
  const ids = collectConcepts(q.mentions, null);
  const concept = ids.find(isReported);
  const period = stepPeriod(q.period);
  if (concept === undefined || period === undefined) return undefined;
  const basis = q.basis.spans.length > 0 ? q.basis.basis : null;
  const step: CrossSectionStep = { concept, ...period, basis, as_of: q.asOf.asOf };
  const gaps = ids
    .filter((id) => id !== concept)
    .map((id): Gap => ({
      kind: 'missing',
      subject: id,
      message: `A cross-section of every company reads one reported concept, ${conceptLabel(concept)}: ${conceptLabel(id)} is not answered; ask for it on its own.`,
    }));
  const known = step.as_of === null ? 'as known now' : `as known at ${step.as_of}`;
  const bases = basis ?? 'both bases, one figure per company (consolidated where filed)';
  return { step, gaps, notes: [`cross_section: ${concept} of every company for ${periodWords(period)}, ${known}; ${bases}`] };
}
