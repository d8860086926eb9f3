import type { ReportedConcept } from '#schemas/common';
import type { Fact, MetricPeriod } from '#schemas/read-models';
import type { Slot } from './formulas.ts';
import { type PeriodKey, type PeriodLabel, slotPeriod } from './period-slots.ts';
import { yearEarlier } from '#platform/time';

/** A metric period that has facts of its own, with its dates. */
export interface MetricPeriodRow {
  readonly key: PeriodKey;
  readonly period: MetricPeriod;
}

/** A fact looked up by a reported concept: extension facts (the face value) never enter a metric. */
export type ConceptFact = Fact & { readonly concept: ReportedConcept };

/** The facts of one company, looked up the way metrics read them. */
export interface FactIndex {
  /**
   * The fact of a concept in a slot of a metric period, by the period's dates: the period
   * itself, the balance at its end, or the year to date ending with it. Undefined when not reported.
   */
  find(concept: ReportedConcept, slot: Slot, key: PeriodKey): ConceptFact | undefined;
  /** The fact of the same concept, basis and period type covering the same days a year earlier. */
  yearEarlier(fact: ConceptFact): ConceptFact | undefined;
  /** The fact filed under a label (fiscal year and quarter), whatever days it covers. */
  labelled(concept: ReportedConcept, slot: Slot, label: PeriodLabel): ConceptFact | undefined;
  /** Every quarter and fiscal year reported as a duration, per basis, one per span of days. */
  readonly periods: readonly MetricPeriodRow[];
}

/** Of two facts for one lookup, the later-ending one wins, then the longer: the same rule as the screening SQL. */
const preferred = (a: Fact | undefined, b: Fact): Fact =>
  a && (a.period.end > b.period.end || (a.period.end === b.period.end && (a.period.start ?? '') <= (b.period.start ?? ''))) ? a : b;

const datesKey = (basis: string, concept: string, type: string, start: string | null, end: string) =>
  `${basis}|${concept}|${type}|${start ?? ''}|${end}`;
const endKey = (basis: string, concept: string, type: string, end: string) => `${basis}|${concept}|${type}|${end}`;
const labelKey = (basis: string, concept: string, type: string, fiscalYear: number, fiscalQuarter: number | null) =>
  `${basis}|${concept}|${type}|${fiscalYear}|${fiscalQuarter ?? ''}`;

function periodRows(facts: readonly Fact[]): MetricPeriodRow[] {
  const rows = new Map<string, Fact>();
  for (const fact of facts) {
    const { type, start, end } = fact.period;
    if (type !== 'quarterly' && type !== 'annual') continue;
    const key = `${fact.basis}|${type}|${start ?? ''}|${end}`;
    if (!rows.has(key)) rows.set(key, fact);
  }
  return [...rows.values()].map((fact) => {
    const kind = fact.period.type === 'annual' ? 'annual' : 'quarterly';
    const fiscalQuarter = kind === 'annual' ? null : fact.period.fiscal_quarter;
    const start = fact.period.start ?? fact.period.end;
    return {
      key: { basis: fact.basis, kind, fiscalYear: fact.period.fiscal_year, fiscalQuarter, start, end: fact.period.end },
      period: { type: kind, start, end: fact.period.end, fiscal_year: fact.period.fiscal_year, fiscal_quarter: fiscalQuarter },
    };
  });
}

function indexBy(facts: readonly Fact[], keyOf: (fact: Fact) => string): Map<string, Fact> {
  const index = new Map<string, Fact>();
  for (const fact of facts) {
    const key = keyOf(fact);
    index.set(key, preferred(index.get(key), fact));
  }
  return index;
}

export function indexFacts(facts: readonly Fact[]): FactIndex {
  // Every lookup names its concept, so what it finds carries that reported concept.
  const found = (fact: Fact | undefined) => fact as ConceptFact | undefined;
  const byDates = indexBy(facts, (f) => datesKey(f.basis, f.concept, f.period.type, f.period.start, f.period.end));
  const byEnd = indexBy(facts, (f) => endKey(f.basis, f.concept, f.period.type, f.period.end));
  const byLabel = indexBy(facts, (f) =>
    labelKey(f.basis, f.concept, f.period.type, f.period.fiscal_year, f.period.type === 'annual' ? null : f.period.fiscal_quarter),
  );
  return {
    periods: periodRows(facts),
    find(concept, slot, key) {
      const { type } = slotPeriod(slot, key);
      if (slot === 'period') return found(byDates.get(datesKey(key.basis, concept, type, key.start, key.end)));
      return found(byEnd.get(endKey(key.basis, concept, type, key.end)));
    },
    yearEarlier(fact) {
      const { type, start, end } = fact.period;
      return found(byDates.get(datesKey(fact.basis, fact.concept, type, start === null ? null : yearEarlier(start), yearEarlier(end))));
    },
    labelled(concept, slot, label) {
      const { type, fiscalQuarter } = slotPeriod(slot, label);
      return found(byLabel.get(labelKey(label.basis, concept, type, label.fiscalYear, fiscalQuarter)));
    },
  };
}
