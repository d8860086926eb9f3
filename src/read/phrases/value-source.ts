import type { Metric } from '../../../schemas/read-models/metric.ts';

/** Where a value comes from: what a citation of it names. */
export interface ValueSource {
  readonly filing_id: string | null;
  readonly source_url: string | null;
  readonly known_at: string | null;
}

export const UNSOURCED: ValueSource = { filing_id: null, source_url: null, known_at: null };

/** The filings a metric was derived from; a metric without inputs cites its own known_at only. */
export function metricSources(metric: Metric): ValueSource[] {
  const byFiling = new Map<string, ValueSource>();
  for (const input of metric.inputs) {
    if (!byFiling.has(input.filing_id)) {
      byFiling.set(input.filing_id, { filing_id: input.filing_id, source_url: input.source_url, known_at: input.known_at });
    }
  }
  return byFiling.size > 0 ? [...byFiling.values()] : [{ ...UNSOURCED, known_at: metric.known_at }];
}
