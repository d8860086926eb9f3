import type { Metric } from '#schemas/read-models';
import type { SqlExecutor } from '#platform/db';
import { listMetrics } from '#read/metric-queries';
import { companiesWithFacts } from './snapshot-facts.ts';

/**
 * Every company's metrics as known at `asOf` (`listMetrics`: derived from the facts knowable
 * then, every period and basis), a company per page, companies in id order. Metrics derive from
 * facts alone, so they change between two instants only when the facts do (`factsMayChange`).
 */
export async function* metricRows(db: SqlExecutor, asOf: string): AsyncGenerator<Metric[], void, undefined> {
  for (const companyId of await companiesWithFacts(db, asOf)) {
    const metrics = await listMetrics(db, { companyId, asOf });
    if (metrics.length > 0) yield metrics;
  }
}
