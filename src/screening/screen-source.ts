import type { ScreenMetric } from '../../schemas/read-models/screen.ts';
import type { DatasetName } from '../datasets/dataset-catalogue.ts';

/** A screenable metric of a source: the catalogue entry without the source, which the source adds. */
export type ScreenSourceMetric = Omit<ScreenMetric, 'source'>;

/** Adds a bound parameter to the statement being built and returns its placeholder, e.g. `$3`. */
export type AddParam = (value: unknown) => string;

/**
 * A source of screenable metrics: the extension point of screening. A source owns a set of
 * metric ids and contributes one CTE, named after `id`, with one row per company:
 *
 * - `company_id` (uuid): the join key between sources and with the companies table;
 * - `basis` (text or null), `period_type` (text), `period_start` (date or null),
 *   `period_end` (date), `fiscal_year` (integer or null): where its values come from;
 * - one numeric column per requested metric, named by the metric id.
 *
 * Metric ids must be plain identifiers (`[A-Za-z][A-Za-z0-9_]*`), unique across sources;
 * the CTE text is built from code only, and any value it needs goes through `param`.
 */
export interface ScreenSource {
  readonly id: string;
  /** The dataset (src/datasets) the source's values come from: without it, it has none. */
  readonly dataset?: DatasetName;
  readonly metrics: readonly ScreenSourceMetric[];
  cte(metricIds: readonly string[], param: AddParam): string;
}
