import type { ReportedConcept } from '../../schemas/common/concepts.ts';
import { Decimal, roundedRatio } from './exact-decimal.ts';
import type { FactIndex } from './fact-index.ts';
import { naturalSlot } from './formulas.ts';
import { type MetricOutcome, reasonOf, toMetricInput, unavailable, valued } from './metric-outcome.ts';
import { type PeriodKey, priorYear } from './period-slots.ts';

/**
 * Year-on-year growth of a concept: (current − prior) / |prior|, where prior is the same
 * slot of the same quarter a year earlier (or the prior fiscal year). Dividing by the
 * absolute value keeps the sign meaningful: a loss shrinking from −100 to −40 is +0.6.
 * Undefined (not computed at all) when the concept is reported in neither period.
 */
export function evaluateGrowth(concept: ReportedConcept, index: FactIndex, key: PeriodKey): MetricOutcome | undefined {
  const slot = naturalSlot(concept);
  const current = index.find(concept, slot, key);
  const prior = index.find(concept, slot, priorYear(key));
  if (!current && !prior) return undefined;
  const inputs = [
    ...(current ? [toMetricInput(current, 'current')] : []),
    ...(prior ? [toMetricInput(prior, 'prior')] : []),
  ];
  if (!current) return unavailable(reasonOf('missing_input', [concept]), inputs);
  if (!prior) return unavailable(reasonOf('no_prior_period', [concept]), inputs);
  const base = new Decimal(prior.value);
  if (base.isZero()) return unavailable(reasonOf('zero_denominator', [concept]), inputs);
  return valued(roundedRatio(new Decimal(current.value).minus(base), base.abs()), inputs);
}
