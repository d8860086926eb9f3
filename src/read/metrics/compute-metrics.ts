import { REPORTED_CONCEPTS } from '../../../schemas/common/concepts.ts';
import type { PeriodFilter } from '../../../schemas/common/period.ts';
import type { Fact } from '../../../schemas/read-models/fact.ts';
import type { Metric, MetricId } from '../../../schemas/read-models/metric.ts';
import { evaluateFormula } from './evaluate-formula.ts';
import { evaluateGrowth } from './evaluate-growth.ts';
import { type MetricPeriodRow, indexFacts, type FactIndex } from './fact-index.ts';
import { RATIO_DEFINITIONS } from './formulas.ts';
import type { MetricOutcome } from './metric-outcome.ts';

const laterKnown = (a: string | null, b: string) => (a !== null && a >= b ? a : b);

function outcomesOf(index: FactIndex, row: MetricPeriodRow): Array<[MetricId, Metric['unit'], MetricOutcome]> {
  const ratios = RATIO_DEFINITIONS.map((d): [MetricId, Metric['unit'], MetricOutcome] => [
    d.id,
    d.unit,
    evaluateFormula(d.formula, index, row.key),
  ]);
  const growth = REPORTED_CONCEPTS.flatMap((concept): Array<[MetricId, Metric['unit'], MetricOutcome]> => {
    const outcome = evaluateGrowth(concept, index, row.key);
    return outcome ? [[`${concept}_growth`, 'ratio', outcome]] : [];
  });
  return [...ratios, ...growth];
}

const byPeriod = (a: MetricPeriodRow, b: MetricPeriodRow) =>
  b.period.end.localeCompare(a.period.end) || a.period.type.localeCompare(b.period.type) || a.key.basis.localeCompare(b.key.basis);

const wanted = (filter: PeriodFilter) => (row: MetricPeriodRow) => filter === 'any' || row.key.kind === filter;

/**
 * Every metric of one company for each basis and each quarter and fiscal year its facts
 * report: the twelve ratios always (null with a reason when they cannot be computed), and
 * `<Concept>_growth` for each concept reported in the period or a year before it. Pure:
 * give it the facts as of a time and it gives the metrics as of that time. Newest period
 * first; a year before the quarter that ends with it.
 */
export function computeMetrics(facts: readonly Fact[], options: { readonly period: PeriodFilter }): Metric[] {
  const company = facts[0]?.company;
  if (!company) return [];
  const index = indexFacts(facts);
  const rows = index.periods.filter(wanted(options.period)).sort(byPeriod);
  return rows.flatMap((row) =>
    outcomesOf(index, row).map(([metric, unit, outcome]) => ({
      company,
      metric,
      basis: row.key.basis,
      period: row.period,
      value: outcome.value,
      unit,
      reason: outcome.reason,
      inputs: [...outcome.inputs],
      known_at: outcome.inputs.reduce<string | null>((max, i) => laterKnown(max, i.known_at), null),
    })),
  );
}
