import type { Fact } from '#schemas/read-models';
import { Decimal, amountText, roundedRatio } from '#platform/decimals';
import type { FactIndex } from './fact-index.ts';
import type { Formula, FormulaInput } from './formulas.ts';
import { type MetricOutcome, reasonOf, toMetricInput, unavailable, valued } from './metric-outcome.ts';
import type { PeriodKey } from './period-slots.ts';

const sum = (facts: readonly Fact[]): Decimal => facts.reduce((total, f) => total.plus(f.value), new Decimal(0));

/**
 * A formula over one metric period: every input must be reported (else `missing_input`
 * naming all that are not); a ratio's denominator must be positive (else
 * `zero_denominator` or `negative_denominator`). Ratios are rounded to 6 decimals,
 * amounts are exact.
 */
export function evaluateFormula(formula: Formula, index: FactIndex, key: PeriodKey): MetricOutcome {
  const read = (inputs: readonly FormulaInput[]) => inputs.map((i) => ({ input: i, fact: index.find(i.concept, i.slot, key) }));
  const numerator = read(formula.numerator);
  const denominator = read(formula.denominator ?? []);
  const all = [...numerator, ...denominator];
  const found = [...new Set(all.flatMap((r) => (r.fact ? [r.fact] : [])))];
  const inputs = found.map((fact) => toMetricInput(fact, 'current'));
  const missing = all.filter((r) => !r.fact).map((r) => r.input.concept);
  if (missing.length > 0) return unavailable(reasonOf('missing_input', missing), inputs);

  const facts = (reads: typeof all) => reads.flatMap((r) => (r.fact ? [r.fact] : []));
  const top = sum(facts(numerator));
  if (!formula.denominator) return valued(amountText(top), inputs);
  const bottom = sum(facts(denominator));
  const concepts = formula.denominator.map((i) => i.concept);
  if (bottom.isZero()) return unavailable(reasonOf('zero_denominator', concepts), inputs);
  if (bottom.isNegative()) return unavailable(reasonOf('negative_denominator', concepts), inputs);
  return valued(roundedRatio(top, bottom), inputs);
}
