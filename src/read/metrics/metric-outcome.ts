import type { ReportedConcept } from '#schemas/common';
import type { ConceptFact } from './fact-index.ts';
import type { MetricInput, MetricReason, MetricReasonCode } from '#schemas/read-models';

/** What one metric came to for one period: a value, or null and why; and the facts read. */
export interface MetricOutcome {
  readonly value: string | null;
  readonly reason: MetricReason | null;
  readonly inputs: readonly MetricInput[];
}

const MESSAGES: Record<MetricReasonCode, (concepts: readonly string[]) => string> = {
  missing_input: (c) => `not reported: ${c.join(', ')}`,
  zero_denominator: (c) => `the denominator (${c.join(' + ')}) is zero`,
  negative_denominator: (c) => `the denominator (${c.join(' + ')}) is negative`,
  no_prior_period: (c) => `${c.join(', ')} is not reported for the same period a year earlier`,
  period_changed: (c) =>
    `${c.join(', ')} is reported for the period labelled a year earlier, but it covers other days (a change of fiscal year or of the period's label): not compared`,
};

export const reasonOf = (code: MetricReasonCode, concepts: readonly ReportedConcept[]): MetricReason => ({
  code,
  concepts: [...new Set(concepts)],
  message: MESSAGES[code]([...new Set(concepts)]),
});

export const toMetricInput = (fact: ConceptFact, role: MetricInput['role']): MetricInput => ({
  concept: fact.concept,
  role,
  period: fact.period,
  value: fact.value,
  unit: fact.unit,
  filing_id: fact.filing_id,
  source_url: fact.source_url,
  known_at: fact.known_at,
});

export const valued = (value: string, inputs: readonly MetricInput[]): MetricOutcome => ({ value, reason: null, inputs });

export const unavailable = (reason: MetricReason, inputs: readonly MetricInput[]): MetricOutcome => ({
  value: null,
  reason,
  inputs,
});
