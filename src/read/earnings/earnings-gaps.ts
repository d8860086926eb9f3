import type { Basis } from '#schemas/common';
import type { Gap } from '#schemas/query';
import type { Fact, Metric, MetricReasonCode } from '#schemas/read-models';

/** The figures an earnings packet is expected to hold: their absence is stated. */
export const HEADLINE_CONCEPTS = ['Revenue', 'ProfitAfterTax', 'BasicEarningsPerShare'] as const;

/** What a packet found, as the gaps are worked out from it. */
export interface PacketFindings {
  readonly label: string;
  readonly basis: Basis;
  readonly asOf: string | undefined;
  readonly facts: readonly Fact[];
  /** The basis whose results exist for the period when the one asked has none. */
  readonly otherBasis: Basis | undefined;
  readonly ratios: readonly Metric[];
  readonly growth: readonly Metric[];
}

const GROWTH_REASONS: Record<MetricReasonCode, string> = {
  no_prior_period: 'not reported for the same period a year earlier',
  missing_input: 'not reported for this period',
  zero_denominator: 'the value a year earlier is zero',
  negative_denominator: 'the value a year earlier is negative',
  period_changed: 'the period labelled a year earlier covers other days (a change of fiscal year), so it is not compared',
};

const missing = (subject: string | null, message: string): Gap => ({ kind: 'missing', subject, message });

function factGaps(found: PacketFindings, known: string): Gap[] {
  if (found.facts.length === 0) {
    const other = found.otherBasis ? ` ${found.otherBasis} results exist: call again with basis ${found.otherBasis}.` : '';
    return [missing('results', `No ${found.basis} results for ${found.label} were found${known}.${other}`)];
  }
  const concepts = new Set(found.facts.map((fact) => fact.concept));
  const headline = HEADLINE_CONCEPTS.filter((c) => !concepts.has(c)).map((c) =>
    missing(c, `${c} for ${found.label} is not among the ${found.basis} facts${known}.`),
  );
  const balanceSheet = concepts.has('TotalAssets') || concepts.has('TotalEquity');
  return balanceSheet
    ? headline
    : [
        ...headline,
        missing(
          'balance sheet',
          `No balance sheet (TotalAssets, TotalEquity) at the end of ${found.label} was filed${known}: companies file one at the half year and the year end, so ratios that need it are null.`,
        ),
      ];
}

function growthGaps(found: PacketFindings): Gap[] {
  if (found.facts.length === 0) return [];
  const computed = new Set(found.growth.map((metric) => metric.metric));
  const absent = HEADLINE_CONCEPTS.filter((c) => !computed.has(`${c}_growth`)).map((c) =>
    missing(`${c}_growth`, `${c}_growth: ${c} is reported neither for ${found.label} nor a year earlier.`),
  );
  const byReason = new Map<MetricReasonCode, string[]>();
  for (const metric of found.growth) {
    if (metric.reason) byReason.set(metric.reason.code, [...(byReason.get(metric.reason.code) ?? []), metric.metric]);
  }
  const unavailable = [...byReason].map(([code, ids]) =>
    missing('growth', `Growth against the prior year is unavailable (${GROWTH_REASONS[code]}) for ${ids.join(', ')}.`),
  );
  return [...absent, ...unavailable];
}

/**
 * What an earnings packet lacks, stated rather than left out: no results, headline figures
 * missing, no balance sheet, each ratio that is null and why, and growth without a prior
 * year. A missing value is never 0.
 */
export function earningsGaps(found: PacketFindings): Gap[] {
  const known = found.asOf === undefined ? '' : ` as known at ${found.asOf}`;
  const ratios =
    found.facts.length === 0
      ? []
      : found.ratios.flatMap((m) =>
          m.reason ? [missing(m.metric, `${m.metric} for ${found.label} is unavailable: ${m.reason.message}.`)] : [],
        );
  return [...factGaps(found, known), ...ratios, ...growthGaps(found)];
}
