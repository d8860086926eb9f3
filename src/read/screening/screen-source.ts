import type { DatasetName } from '#read/datasets';
import type { ScreenSourceMetric } from '#read/metrics';

/** Adds a bound parameter to the statement being built and returns its placeholder, e.g. `$3`. */
export type AddParam = (value: unknown) => string;

/**
 * When a screen reads: `null` for current knowledge, else the placeholder of a timestamptz
 * parameter (e.g. `$2`): only what was knowable at that instant.
 */
export type ScreenAsOf = string | null;

/**
 * A source of screenable metrics: the extension point of screening. A source owns a set of
 * metric ids and contributes one CTE, named after `id`, with one row per company:
 *
 * - `company_id` (uuid): the join key between sources and with the companies table;
 * - `basis` (text or null), `period_type` (text), `period_start` (date or null),
 *   `period_end` (date), `fiscal_year` (integer or null): where its values come from;
 * - `known_at` (timestamptz): when the newest input of the row became knowable, never
 *   after `asOf` when one is given;
 * - `inputs` (jsonb array, `inputsSql`): each input read, with its period end, `known_at`
 *   and filing;
 * - one numeric column per requested metric, named by the metric id.
 *
 * With `asOf`, every value is computed from what was knowable at that instant only.
 * Metric ids must be plain identifiers (`[A-Za-z][A-Za-z0-9_]*`), unique across sources;
 * the CTE text is built from code only, and any value it needs goes through `param`.
 */
export interface ScreenSource {
  readonly id: string;
  /** The dataset (src/read/datasets) the source's values come from: without it, it has none. */
  readonly dataset?: DatasetName;
  readonly metrics: readonly ScreenSourceMetric[];
  cte(metricIds: readonly string[], param: AddParam, asOf: ScreenAsOf): string;
}

/**
 * SQL aggregating a source's inputs into its `inputs` column: one object per input with the
 * measure read, its period end (or day), its `known_at` and its filing (null for a price).
 * Arguments are SQL expressions from code.
 */
export const inputsSql = (measure: string, periodEnd: string, knownAt: string, filingId: string): string =>
  `jsonb_agg(jsonb_build_object('measure', ${measure}, 'period_end', ${periodEnd}, 'known_at', ${knownAt}, 'filing_id', ${filingId}) order by ${measure}, ${periodEnd} desc)`;

/** The same for a row of one or a few inputs, without aggregating. */
export const inputSql = (measure: string, periodEnd: string, knownAt: string, filingId: string): string =>
  `jsonb_build_object('measure', ${measure}, 'period_end', ${periodEnd}, 'known_at', ${knownAt}, 'filing_id', ${filingId})`;
