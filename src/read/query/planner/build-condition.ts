import type { FactFilter } from '../../../../schemas/query/plan.ts';
import type { Comparison } from './extract-comparisons.ts';
import { thresholdValue } from './threshold-value.ts';

/** The condition on a company's own values, the metric it is on, and what was left out. */
export interface ConditionRead {
  readonly condition: FactFilter | null;
  readonly metric: string | null;
  readonly notes: readonly string[];
}

/**
 * The first comparison on a concept or ratio becomes the FactFilter, in the metric's unit;
 * a FactFilter names no metric, so the planner lists that metric first among the concepts.
 * Price and market cap are not facts of a company's periods, and `!=` is not a FactFilter
 * operator; those and any further comparisons are noted, not used.
 */
export function buildCondition(comparisons: readonly Comparison[]): ConditionRead {
  const notes: string[] = [];
  let chosen: { condition: FactFilter; metric: string } | undefined;
  for (const { metric, operator, amount } of comparisons) {
    const written = `${operator} ${amount.text.trim()}`;
    if (!metric?.id || metric.source !== 'concept') {
      notes.push(
        `condition "${written}" left out: ${metric?.id ? `${metric.id} is not a reported fact or ratio` : 'no metric named for it'}`,
      );
    } else if (operator === '!=' || chosen) {
      notes.push(
        `condition "${metric.id} ${written}" left out: ${chosen ? 'a plan holds one condition' : '!= is not a condition operator'}`,
      );
    } else {
      const threshold = thresholdValue(metric.id, amount);
      if (!threshold.ok) notes.push(`condition "${metric.id} ${written}" left out: ${threshold.problem}`);
      else {
        chosen = { condition: { operator, value: threshold.value, unit: threshold.unit }, metric: metric.id };
        if (threshold.note) notes.push(threshold.note);
        notes.push(`condition: ${metric.id} ${operator} ${threshold.value} ${threshold.unit}`);
      }
    }
  }
  return { condition: chosen?.condition ?? null, metric: chosen?.metric ?? null, notes };
}
