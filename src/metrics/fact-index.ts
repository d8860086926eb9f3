import type { ReportedConcept } from '../../schemas/common/concepts.ts';
import type { Fact } from '../../schemas/read-models/fact.ts';
import type { MetricPeriod } from '../../schemas/read-models/metric.ts';
import type { Slot } from './formulas.ts';
import { type PeriodKey, slotPeriod } from './period-slots.ts';

/** A metric period that has facts of its own, with its dates. */
export interface MetricPeriodRow {
  readonly key: PeriodKey;
  readonly period: MetricPeriod;
}

/** The facts of one company, looked up the way metrics read them. */
export interface FactIndex {
  /** The fact of a concept in a slot of a metric period, or undefined when it is not reported. */
  find(concept: ReportedConcept, slot: Slot, key: PeriodKey): Fact | undefined;
  /** Every quarter and fiscal year reported as a duration, per basis. */
  readonly periods: readonly MetricPeriodRow[];
}

const lookupKey = (basis: string, concept: string, type: string, fiscalYear: number, fiscalQuarter: number | null) =>
  `${basis}|${concept}|${type}|${fiscalYear}|${fiscalQuarter ?? ''}`;

/** Of two facts for the same lookup (a transition year), the later-ending one wins, as in the screening SQL. */
const later = (a: Fact | undefined, b: Fact): Fact => (a && a.period.end >= b.period.end ? a : b);

function periodRows(facts: readonly Fact[]): MetricPeriodRow[] {
  const rows = new Map<string, Fact>();
  for (const fact of facts) {
    const { type, fiscal_year: fy, fiscal_quarter: fq } = fact.period;
    if (type !== 'quarterly' && type !== 'annual') continue;
    const key = `${fact.basis}|${type}|${fy}|${type === 'annual' ? '' : (fq ?? '')}`;
    rows.set(key, later(rows.get(key), fact));
  }
  return [...rows.values()].map((fact) => {
    const kind = fact.period.type === 'annual' ? 'annual' : 'quarterly';
    const fiscalQuarter = kind === 'annual' ? null : fact.period.fiscal_quarter;
    return {
      key: { basis: fact.basis, kind, fiscalYear: fact.period.fiscal_year, fiscalQuarter },
      period: {
        type: kind,
        start: fact.period.start ?? fact.period.end,
        end: fact.period.end,
        fiscal_year: fact.period.fiscal_year,
        fiscal_quarter: fiscalQuarter,
      },
    };
  });
}

export function indexFacts(facts: readonly Fact[]): FactIndex {
  const byLookup = new Map<string, Fact>();
  for (const fact of facts) {
    const { type, fiscal_year: fy } = fact.period;
    const key = lookupKey(fact.basis, fact.concept, type, fy, type === 'annual' ? null : fact.period.fiscal_quarter);
    byLookup.set(key, later(byLookup.get(key), fact));
  }
  return {
    periods: periodRows(facts),
    find(concept, slot, key) {
      const { type, fiscalQuarter } = slotPeriod(slot, key);
      return byLookup.get(lookupKey(key.basis, concept, type, key.fiscalYear, fiscalQuarter));
    },
  };
}
