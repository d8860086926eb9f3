import { type FactFilter, MAX_EXTRA_CONDITIONS } from '#schemas/query';
import type { Comparison } from './extract-comparisons.ts';
import type { LeftOut } from './left-out.ts';
import { thresholdValue } from './threshold-value.ts';

/** The condition on a company's own values, the metric it is on, and what was left out. */
export interface ConditionRead {
  readonly condition: FactFilter | null;
  /** Further conditions on the same metric ("between 35,000 and 45,000 crore" is two). */
  readonly more: readonly FactFilter[];
  readonly metric: string | null;
  readonly notes: readonly string[];
  /** The comparisons asked for that the plan does not apply, and why. */
  readonly leftOut: readonly LeftOut[];
}

/**
 * The first comparison on a concept or ratio becomes the FactFilter, in the metric's unit;
 * a FactFilter names no metric, so the planner lists that metric first among the concepts.
 * Further comparisons on the same metric ("between 35,000 and 45,000 crore", "above 15% and
 * below 25%") become the plan's `conditions`, up to MAX_EXTRA_CONDITIONS. Price and market
 * cap are not facts of a company's periods, `!=` is not a FactFilter operator, and a plan's
 * conditions are on one value; those are noted, not used.
 */
export function buildCondition(comparisons: readonly Comparison[]): ConditionRead {
  const notes: string[] = [];
  const omitted: LeftOut[] = [];
  const chosen: FactFilter[] = [];
  let chosenMetric: string | undefined;
  for (const { metric, operator, amount } of comparisons) {
    const written = `${operator} ${amount.text.trim()}`;
    const leftOut = (why: string) => {
      notes.push(`condition "${metric?.source === 'concept' && metric.id ? `${metric.id} ` : ''}${written}" left out: ${why}`);
      omitted.push({ what: 'condition', written: `${metric?.text ?? '?'} ${written}`, why });
    };
    if (!metric?.id || metric.source !== 'concept') {
      leftOut(metric?.id ? `${metric.id} is not a reported fact or ratio` : 'no metric named for it');
      continue;
    }
    if (operator === '!=') leftOut('!= is not a condition operator');
    else if (chosenMetric !== undefined && chosenMetric !== metric.id) leftOut(`a plan's conditions are on one value (${chosenMetric})`);
    else if (chosen.length > MAX_EXTRA_CONDITIONS) leftOut(`a plan holds at most ${MAX_EXTRA_CONDITIONS + 1} conditions`);
    else {
      const threshold = thresholdValue(metric.id, amount);
      if (!threshold.ok) leftOut(threshold.problem);
      else {
        chosen.push({ operator, value: threshold.value, unit: threshold.unit });
        chosenMetric = metric.id;
        if (threshold.note) notes.push(threshold.note);
        notes.push(`condition: ${metric.id} ${operator} ${threshold.value} ${threshold.unit}`);
      }
    }
  }
  return { condition: chosen[0] ?? null, more: chosen.slice(1), metric: chosenMetric ?? null, notes, leftOut: omitted };
}
