import type { CitationKind } from '#schemas/query';
import type { Metric } from '#schemas/read-models';

/** Where a value comes from: what a citation of it names. */
export interface ValueSource {
  readonly kind: CitationKind;
  readonly filing_id: string | null;
  readonly source_url: string | null;
  readonly known_at: string | null;
}

/** A value no filing stands behind (a screen value or count, the question's threshold): its citation names no source. */
export const unsourced = (kind: Extract<CitationKind, 'screen' | 'question'>): ValueSource => ({
  kind,
  filing_id: null,
  source_url: null,
  known_at: null,
});

/** A reported fact's (or a metric input's) own filing. */
export const factSource = (fact: {
  readonly filing_id: string;
  readonly source_url: string | null;
  readonly known_at: string;
}): ValueSource => ({ kind: 'fact', filing_id: fact.filing_id, source_url: fact.source_url, known_at: fact.known_at });

/** The filings a metric was derived from; a metric without inputs cites its own known_at only. */
export function metricSources(metric: Metric): ValueSource[] {
  const byFiling = new Map<string, ValueSource>();
  for (const input of metric.inputs) {
    if (!byFiling.has(input.filing_id)) byFiling.set(input.filing_id, { ...factSource(input), kind: 'metric' });
  }
  return byFiling.size > 0 ? [...byFiling.values()] : [{ kind: 'metric', filing_id: null, source_url: null, known_at: metric.known_at }];
}
