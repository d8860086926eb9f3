import type { ReportedConcept } from '#schemas/common';
import { Decimal, roundedRatio } from '#platform/decimals';
import type { FactIndex } from './fact-index.ts';
import { naturalSlot } from './formulas.ts';
import { type MetricOutcome, reasonOf, toMetricInput, unavailable, valued } from './metric-outcome.ts';
import { type PeriodKey, priorLabel } from './period-slots.ts';

/**
 * Year-on-year growth of a concept: (current − prior) / |prior|, where prior is the same
 * concept, basis and period type covering the same days a year earlier (by dates, not by
 * fiscal labels, which shift when a company changes its fiscal year). Dividing by the
 * absolute value keeps the sign meaningful: a loss shrinking from −100 to −40 is +0.6.
 * When only the period labelled a year earlier exists and it covers other days, the pair
 * is refused and said so (`period_changed`), never silently made. Undefined (not computed
 * at all) when the concept is reported in neither.
 */
export function evaluateGrowth(concept: ReportedConcept, index: FactIndex, key: PeriodKey): MetricOutcome | undefined {
  const slot = naturalSlot(concept);
  const current = index.find(concept, slot, key);
  const prior = current && index.yearEarlier(current);
  const labelled = index.labelled(concept, slot, priorLabel(key));
  if (!current && !labelled) return undefined;
  if (!current) return unavailable(reasonOf('missing_input', [concept]), labelled ? [toMetricInput(labelled, 'prior')] : []);
  if (!prior) {
    if (labelled)
      return unavailable(reasonOf('period_changed', [concept]), [toMetricInput(current, 'current'), toMetricInput(labelled, 'prior')]);
    return unavailable(reasonOf('no_prior_period', [concept]), [toMetricInput(current, 'current')]);
  }
  const inputs = [toMetricInput(current, 'current'), toMetricInput(prior, 'prior')];
  const base = new Decimal(prior.value);
  if (base.isZero()) return unavailable(reasonOf('zero_denominator', [concept]), inputs);
  return valued(roundedRatio(new Decimal(current.value).minus(base), base.abs()), inputs);
}
