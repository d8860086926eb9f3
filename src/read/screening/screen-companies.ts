import type { Basis } from '#schemas/common';
import type { ScreenInput, ScreenPeriod, ScreenResult, ScreenResultRow } from '#schemas/read-models';
import { type IdentityColumns, toCompanyIdentity } from '#projections/companies';
import type { SqlExecutor } from '#platform/db';
import { type CompiledScreen, compileScreen, type ScreenParams } from './compile-screen.ts';
import { SCREEN_WHITELIST, type ScreenWhitelist } from './screen-sources.ts';

export type { ScreenParams };

type ScreenRow = IdentityColumns & { total: number } & Record<string, unknown>;

/** Numerics, dates and text all arrive as strings (src/platform/db/type-parsers.ts); integers as numbers. */
const text = (value: unknown): string | null => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : null);

/** An instant as ISO 8601 UTC, from a Date or from the text jsonb renders a timestamptz as. */
const instant = (value: unknown): string | null =>
  value instanceof Date ? value.toISOString() : typeof value === 'string' ? new Date(value).toISOString() : null;

interface InputJson {
  measure: string;
  period_end: string;
  known_at: string;
  filing_id: string | null;
}

const inputsOf = (value: unknown): ScreenInput[] =>
  (Array.isArray(value) ? (value as InputJson[]) : []).map((input) => ({ ...input, known_at: instant(input.known_at) ?? input.known_at }));

function periodsOf(screen: CompiledScreen, row: ScreenRow): ScreenPeriod[] {
  return screen.sources.flatMap((source, i): ScreenPeriod[] => {
    const periodEnd = text(row[`s${i}_period_end`]);
    if (periodEnd === null) return [];
    const fiscalYear = row[`s${i}_fiscal_year`];
    return [
      {
        source,
        basis: text(row[`s${i}_basis`]) as Basis | null,
        period_type: text(row[`s${i}_period_type`]) ?? '',
        period_start: text(row[`s${i}_period_start`]),
        period_end: periodEnd,
        fiscal_year: typeof fiscalYear === 'number' ? fiscalYear : null,
        known_at: instant(row[`s${i}_known_at`]),
        inputs: inputsOf(row[`s${i}_inputs`]),
      },
    ];
  });
}

const toResultRow = (screen: CompiledScreen, row: ScreenRow): ScreenResultRow => ({
  company: toCompanyIdentity(row),
  values: Object.fromEntries(screen.metrics.map((metric, i) => [metric.id, text(row[`v${i}`])])),
  periods: periodsOf(screen, row),
});

/**
 * Companies whose screenable metrics satisfy every filter, with the values of the metrics
 * used and where they come from, one page in sort order, and the total over all pages.
 * Throws `UnknownScreenMetricError` (422) for a metric outside the whitelist and
 * `ScreenRequestError` (422) for any other invalid request. `whitelist` is the service's
 * unless a test gives its own sources. A company without a value for
 * a filter's metric never passes it: a missing value is not 0.
 */
export async function screenCompanies(
  db: SqlExecutor,
  params: ScreenParams,
  whitelist: ScreenWhitelist = SCREEN_WHITELIST,
): Promise<ScreenResult> {
  const compiled = compileScreen(params, whitelist);
  if (!compiled.ok) throw compiled.error;
  const { screen } = compiled;
  const { rows } = await db.query<ScreenRow>(screen.pageSql, screen.pageValues);
  // An empty first page means none match; past the first page, count them.
  const total = rows[0]?.total ?? ((params.offset ?? 0) > 0 ? await countMatches(db, screen) : 0);
  const asOf = params.asOf ? new Date(params.asOf).toISOString() : null;
  return { as_of: asOf, total, metrics: [...screen.metrics], rows: rows.map((row) => toResultRow(screen, row)) };
}

/** The total when the page is empty: none match, or the offset is past the last. */
async function countMatches(db: SqlExecutor, screen: CompiledScreen): Promise<number> {
  const { rows } = await db.query<{ total: number }>(screen.countSql, screen.countValues);
  return rows[0]?.total ?? 0;
}
