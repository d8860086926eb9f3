import { REPORTED_CONCEPTS, type PeriodFilter, type Basis } from '#schemas/common';
import type { Fact, Metric, MetricId, MetricPeriod } from '#schemas/read-models';
import { evaluateFormula } from './evaluate-formula.ts';
import { evaluateGrowth } from './evaluate-growth.ts';
import { type MetricPeriodRow, indexFacts, type FactIndex } from './fact-index.ts';
import { RATIO_DEFINITIONS } from './formulas.ts';
import type { MetricOutcome } from './metric-outcome.ts';

const laterKnown = (a: string | null, b: string) => (a !== null && a >= b ? a : b);

function outcomesOf(index: FactIndex, row: MetricPeriodRow, only: MetricId | undefined): Array<[MetricId, Metric['unit'], MetricOutcome]> {
  const definitions = only === undefined ? RATIO_DEFINITIONS : RATIO_DEFINITIONS.filter((d) => d.id === only);
  const concepts = only === undefined ? REPORTED_CONCEPTS : REPORTED_CONCEPTS.filter((concept) => `${concept}_growth` === only);
  const ratios = definitions.map((d): [MetricId, Metric['unit'], MetricOutcome] => [
    d.id,
    d.unit,
    evaluateFormula(d.formula, index, row.key),
  ]);
  const growth = concepts.flatMap((concept): Array<[MetricId, Metric['unit'], MetricOutcome]> => {
    const outcome = evaluateGrowth(concept, index, row.key);
    return outcome ? [[`${concept}_growth`, 'ratio', outcome]] : [];
  });
  return [...ratios, ...growth];
}

const byPeriod = (a: MetricPeriodRow, b: MetricPeriodRow) =>
  b.period.end.localeCompare(a.period.end) || a.period.type.localeCompare(b.period.type) || a.key.basis.localeCompare(b.key.basis);

export interface ComputeMetricsOptions {
  /** quarterly, annual or any: which metric periods. */
  readonly period: PeriodFilter;
  /** Only this metric; every metric when absent. */
  readonly metric?: MetricId | undefined;
  /** Only the metric periods (of a basis) this accepts; every one when absent. */
  readonly periods?: ((period: MetricPeriod, basis: Basis) => boolean) | undefined;
}

const wanted = (filter: PeriodFilter) => (row: MetricPeriodRow) => filter === 'any' || row.key.kind === filter;

/**
 * Every metric of one company for each basis and each quarter and fiscal year its facts
 * report: the twelve ratios always (null with a reason when they cannot be computed), and
 * `<Concept>_growth` for each concept reported in the period or a year before it. Pure:
 * give it the facts as of a time and it gives the metrics as of that time. Newest period
 * first; a year before the quarter that ends with it.
 */
export function computeMetrics(facts: readonly Fact[], options: ComputeMetricsOptions): Metric[] {
  const company = facts[0]?.company;
  if (!company) return [];
  const index = indexFacts(facts);
  const rows = index.periods
    .filter((row) => wanted(options.period)(row) && (options.periods?.(row.period, row.key.basis) ?? true))
    .sort(byPeriod);
  return rows.flatMap((row) =>
    outcomesOf(index, row, options.metric).map(([metric, unit, outcome]) => ({
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
