import type { ScreenMetric } from '#schemas/read-models';
import { checkDataset, findDataset } from '#read/datasets';
import type { SqlExecutor } from '#platform/db';
import { quoteIdentifier } from './formula-sql.ts';
import type { ScreenSource } from './screen-source.ts';
import { SCREEN_SOURCES } from './screen-sources.ts';

/** A screenable metric and how many companies have a value for it now. */
export interface ScreenMetricCoverage extends ScreenMetric {
  /** Companies with a value; null when the source's dataset is unavailable (not counted). */
  readonly companies_with_value: number | null;
}

/** A source of screenable metrics, its dataset's availability and how many companies it covers. */
export interface ScreenSourceCoverage {
  readonly id: string;
  readonly dataset: string | null;
  readonly available: boolean;
  /** Why the dataset is unavailable; null when it is available. */
  readonly reason: string | null;
  /** Companies the source has a period for; null when not counted. */
  readonly companies: number | null;
  readonly metrics: readonly ScreenMetricCoverage[];
}

/**
 * One statement per source: its CTE with every metric it offers, exactly as a screen
 * builds it (values bound through `param`), counted per metric. A company counts once
 * for a metric when its value is not null: what a filter on the metric can pass.
 */
export async function countSourceCoverage(
  db: SqlExecutor,
  source: ScreenSource,
  asOf: string | null = null,
): Promise<{ companies: number; byMetric: ReadonlyMap<string, number> }> {
  const values: unknown[] = [];
  const param = (value: unknown) => `$${values.push(value)}`;
  const instant = asOf === null ? null : param(asOf);
  const ids = source.metrics.map((m) => m.id);
  const counts = ids.map((id, i) => `, count(distinct s.company_id) filter (where s.${quoteIdentifier(id)} is not null) as c${i}`);
  const { rows } = await db.query<Record<string, number>>(
    `with s as (${source.cte(ids, param, instant)})
     select count(distinct s.company_id) as companies${counts.join('')} from s`,
    values,
  );
  const row = rows[0] ?? {};
  return { companies: row.companies ?? 0, byMetric: new Map(ids.map((id, i) => [id, row[`c${i}`] ?? 0])) };
}

async function availabilityOf(db: SqlExecutor, source: ScreenSource): Promise<{ available: boolean; reason: string | null }> {
  if (!source.dataset) return { available: true, reason: null };
  return checkDataset(db, findDataset(source.dataset));
}

/**
 * Every screenable metric of the given sources (the service's by default) with its live
 * coverage, as known now or at `asOf`. A source whose dataset is unavailable is not
 * queried: its counts are null.
 */
export async function listScreenMetricCoverage(
  db: SqlExecutor,
  sources: readonly ScreenSource[] = SCREEN_SOURCES,
  asOf: string | null = null,
): Promise<ScreenSourceCoverage[]> {
  const result: ScreenSourceCoverage[] = [];
  for (const source of sources) {
    const { available, reason } = await availabilityOf(db, source);
    const counted = available ? await countSourceCoverage(db, source, asOf) : undefined;
    result.push({
      id: source.id,
      dataset: source.dataset ?? null,
      available,
      reason,
      companies: counted?.companies ?? null,
      metrics: source.metrics.map((metric) => ({
        ...metric,
        source: source.id,
        companies_with_value: counted?.byMetric.get(metric.id) ?? null,
      })),
    });
  }
  return result;
}
